import Testing
@testable import MarqueeCore

/// A state that draws no frames (`--headless`, docs/headless.md): the frame
/// ticker's ID says 0 fps while everything timed by the clock is unchanged.
@Suite("Headless state")
struct HeadlessStateTests {
    static let wide = MessageMeasure(textLEDs: 148, panelLEDs: 100)

    static func started(drawsFrames: Bool) -> PlayerState {
        var settings = PlayerSettings()
        settings.drawsFrames = drawsFrames
        settings.speed = 24   // characters are LEDs here: unmeasured in size
        var state = PlayerState(cues: (0..<3).map { Cue(text: "M\($0)") }, settings: settings, seed: 3, at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.measured(wide), at: 0)
        return state
    }

    @Test("no ticker, yet the same advance conditions, pass deadline and scroll as a drawing sign")
    func sameTimingNoTicker() {
        var headless = Self.started(drawsFrames: false)
        var drawn = Self.started(drawsFrames: true)
        #expect(drawn.frameTickerID.framesPerSecond == 60, "the controls line is up at start: a drawing sign ticks")
        #expect(headless.frameTickerID.framesPerSecond == 0)
        #expect(headless.advanceConditions == drawn.advanceConditions)
        #expect(headless.passDeadline == 2 && drawn.passDeadline == 2)
        #expect(headless.clock.sample(at: 1.5) == drawn.clock.sample(at: 1.5))
        // A move starts a fade on a drawing sign only: nothing else waits on it.
        _ = headless.reduce(.key(.character("n")), at: 3)
        _ = drawn.reduce(.key(.character("n")), at: 3)
        #expect(drawn.fadePending && !headless.fadePending)
        #expect(headless.frameTickerID.framesPerSecond == 0 && drawn.frameTickerID.framesPerSecond > 0)
        #expect(headless.advanceConditions == drawn.advanceConditions && headless.advanceID == drawn.advanceID)
        #expect(headless.framesDrawnPerSecond == 0, "the status reply's fps says nothing is drawn")
    }

    @Test("--drift moves nothing that is not drawn: no drift timer")
    func noDrift() {
        func drift(drawsFrames: Bool) -> Double? {
            var settings = PlayerSettings()
            settings.drawsFrames = drawsFrames
            settings.driftSeconds = 60
            return PlayerState(cues: [Cue(text: "HI")], settings: settings, at: 0).driftTimerID.seconds
        }
        #expect(drift(drawsFrames: true) == 60)
        #expect(drift(drawsFrames: false) == nil)
    }
}
