import Testing
@testable import MarqueeCore

@Suite("Seconds per message")
struct SecondsPerMessageTests {
    @Test(arguments: [
        (5.0, 5.0), (2.0, 2.0), (20.0, 20.0), (1.0, 2.0), (0.0, 2.0), (-3.0, 2.0), (21.0, 20.0), (1e300, 20.0),
        (.nan, 5.0), (.infinity, 5.0), (-.infinity, 5.0), (7.5, 7.5),
    ])
    func sanitize(input: Double, expected: Double) {
        #expect(SecondsPerMessage.sanitize(input) == expected)
    }

    @Test("cues sanitize their seconds when built")
    func cueSanitizes() {
        #expect(Cue(text: "a", seconds: .nan).seconds == 5)
        #expect(Cue(text: "a", seconds: 100).seconds == 20)
    }
}

@Suite("Cue sequence")
struct CueSequenceTests {
    @Test(arguments: [
        (0, 3, CueSequence.Direction.forward, true, Optional(1)),
        (2, 3, .forward, true, Optional(0)),
        (2, 3, .forward, false, nil),
        (0, 3, .backward, true, Optional(2)),
        (0, 3, .backward, false, nil),
        (1, 3, .backward, false, Optional(0)),
        (0, 1, .forward, true, Optional(0)),
        (0, 1, .forward, false, nil),
        (0, 0, .forward, true, nil),
        (5, 3, .forward, true, nil),
        (-1, 3, .forward, true, nil),
    ])
    func step(index: Int, count: Int, direction: CueSequence.Direction, loop: Bool, expected: Int?) {
        #expect(CueSequence.step(from: index, count: count, direction: direction, loop: loop) == expected)
    }

    @Test("a shuffled order is a permutation that never repeats across the seam")
    func shuffleSeam() {
        var generator = SplitMix64(seed: 42)
        for previous in 0..<5 {
            for _ in 0..<50 {
                let order = ShuffleOrder.make(count: 5, avoidingFirst: previous, using: &generator)
                #expect(order.sorted() == [0, 1, 2, 3, 4])
                #expect(order.first != previous)
            }
        }
        #expect(ShuffleOrder.make(count: 2, avoidingFirst: 1, using: &generator) == [0, 1])
    }
}

@Suite("Advance policy")
struct AdvancePolicyTests {
    static let allHold = AdvanceConditions(advancesAutomatically: true, sceneActive: true, paused: false,
                                           motionAllowed: true, framesPerSecond: 60, completed: false,
                                           messageShown: true)

    @Test("schedules when every condition holds")
    func allConditionsHold() {
        #expect(Self.allHold.shouldSchedule)
    }

    @Test("breaking any one condition alone stops scheduling", arguments: [
        "single message", "scene inactive", "paused", "motion not allowed", "zero fps", "completed",
        "message not yet shown",
    ])
    func eachBrokenAlone(broken: String) {
        var conditions = Self.allHold
        switch broken {
        case "single message": conditions.advancesAutomatically = false
        case "message not yet shown": conditions.messageShown = false
        case "scene inactive": conditions.sceneActive = false
        case "paused": conditions.paused = true
        case "motion not allowed": conditions.motionAllowed = false
        case "zero fps": conditions.framesPerSecond = 0
        default: conditions.completed = true
        }
        #expect(!conditions.shouldSchedule)
    }
}
