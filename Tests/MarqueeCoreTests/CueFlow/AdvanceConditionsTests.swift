import Testing
@testable import MarqueeCore

@Suite("Advance conditions")
struct AdvanceConditionsTests {
    static let allHold = AdvanceConditions(advancesAutomatically: true, sceneActive: true, paused: false,
                                           motionAllowed: true, framesPerSecond: 60, completed: false,
                                           messageShown: true)

    @Test("schedules when every condition holds")
    func allConditionsHold() {
        #expect(Self.allHold.shouldSchedule)
    }

    @Test("breaking any one condition alone stops scheduling", arguments: [
        "single message", "scene inactive", "paused", "motion not allowed", "zero fps", "completed",
        "message not yet shown", "interrupted",
    ])
    func eachBrokenAlone(broken: String) {
        var conditions = Self.allHold
        switch broken {
        case "single message": conditions.advancesAutomatically = false
        case "message not yet shown": conditions.messageShown = false
        case "interrupted": conditions.interrupted = true
        case "scene inactive": conditions.sceneActive = false
        case "paused": conditions.paused = true
        case "motion not allowed": conditions.motionAllowed = false
        case "zero fps": conditions.framesPerSecond = 0
        default: conditions.completed = true
        }
        #expect(!conditions.shouldSchedule)
    }
}
