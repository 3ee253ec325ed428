import Testing
@testable import MarqueeCore

@Suite("Remote pause and resume")
struct PauseCommandTests {
    @Test("pause and resume are explicit: asking twice changes nothing the second time")
    func idempotent() {
        var state = Remote.flow()
        var (outcome, effects) = state.reduce(remote: .pause, at: 1)
        #expect(outcome == .done && state.paused)
        #expect(Remote.records(effects) == [.pause(paused: true, reason: "remote")])
        (outcome, effects) = state.reduce(remote: .pause, at: 2)
        #expect(outcome == .done && state.paused && effects.isEmpty)
        (outcome, effects) = state.reduce(remote: .resume, at: 3)
        #expect(outcome == .done && !state.paused)
        #expect(Remote.records(effects) == [.pause(paused: false, reason: "remote")])
        (outcome, effects) = state.reduce(remote: .resume, at: 4)
        #expect(outcome == .done && !state.paused && effects.isEmpty)
    }

    @Test("resume is refused while the motion policy stops the sign, with a notice, as the space bar is")
    func resumeRefusedWhileStopped() {
        var state = Remote.flow()
        _ = state.reduce(remote: .pause, at: 1)
        _ = state.reduce(.key(.character("b")), at: 2)   // simulated low power
        #expect(!state.motion.animationAllowed)
        let (outcome, effects) = state.reduce(remote: .resume, at: 3)
        #expect(outcome == .refused("motion is stopped (low power): resume unavailable"))
        #expect(effects.isEmpty)
        #expect(state.paused)
        #expect(state.notice == "motion is stopped (low power): resume unavailable")
        #expect(state.controlsVisible)
    }

    @Test("pause is refused the same way")
    func pauseRefusedWhileStopped() {
        var state = Remote.flow { $0.reduceMotion = true }
        #expect(state.reduce(remote: .pause, at: 1).outcome == .refused("motion is stopped (reduce motion): pause unavailable"))
        #expect(!state.paused)
    }

    @Test("resume at the finished end of --once plays again")
    func resumeCompleted() {
        var state = Remote.finishedOnce()
        #expect(state.completed)
        _ = state.reduce(remote: .resume, at: 11)
        #expect(!state.completed && !state.paused)
    }
}
