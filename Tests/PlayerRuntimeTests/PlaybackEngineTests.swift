import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// The automatic advance as docs/condition-ids.md describes it, on a manual clock.
@Suite("Automatic advance (condition-ID restart)")
@MainActor
struct PlaybackEngineTests {
    @Test("the wait fires after exactly `seconds`")
    func firesAfterSeconds() async {
        let harness = EngineHarness(seconds: 5)
        await harness.run(until: 4.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 10.5)
        #expect(harness.cueTimes() == [5.0, 10.0])
        #expect(harness.engine.state.cueIndex == 2)
    }

    @Test("a manual next at 3 s of a 5 s wait restarts a full 5 s wait")
    func manualNextRestarts() async {
        let harness = EngineHarness(seconds: 5)
        await harness.run(until: 3)
        harness.engine.send(.key(.character("n")))
        #expect(harness.cueTimes(automatic: false) == [0, 3])
        await harness.run(until: 7.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 8.5)
        #expect(harness.cueTimes() == [8.0])
    }

    @Test("motion disallowed at 3 s and allowed at 10 s fires at 15 s")
    func lowPowerRestartsFullWait() async {
        let harness = EngineHarness(seconds: 5)
        await harness.run(until: 3)
        harness.engine.send(.power(PowerConditions(thermal: .nominal, lowPower: true, thermalText: "nominal", powerText: "battery 15 %", source: "test")))
        #expect(harness.engine.state.waitStartedAt == nil)
        await harness.run(until: 10)
        #expect(harness.cueTimes().isEmpty)
        harness.engine.send(.power(PowerConditions(thermal: .nominal, lowPower: false, thermalText: "nominal", powerText: "AC", source: "test")))
        await harness.run(until: 14.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 15.5)
        #expect(harness.cueTimes() == [15.0])
    }

    @Test("the display off at 3 s and on at 10 s fires at 15 s, with no frame between")
    func displayOffRestartsFullWait() async {
        let harness = EngineHarness(seconds: 5)
        var lit = PowerConditions(thermal: .nominal, lowPower: false, thermalText: "nominal", powerText: "AC", source: "test")
        lit.display = .on
        var dark = lit
        dark.display = .off
        harness.engine.send(.power(lit))
        await harness.run(until: 3)
        harness.engine.send(.power(dark))
        #expect(harness.engine.state.waitStartedAt == nil)
        await harness.run(until: 3.2)
        let framesWhenOff = harness.frames
        #expect(!harness.engine.isTicking)
        await harness.run(until: 10)
        #expect(harness.frames == framesWhenOff, "no frame while the display is off")
        #expect(harness.cueTimes().isEmpty)
        harness.engine.send(.power(lit))
        await harness.run(until: 14.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 15.5)
        #expect(harness.cueTimes() == [15.0])
        let policies = harness.records(named: "policy").compactMap { entry -> String? in
            if case let .policy(fps, _, _, _, _, _, _, scene, display) = entry.record { return "\(fps) \(scene) \(display)" }
            return nil
        }
        #expect(policies.suffix(2) == ["0 inactive off", "60 active on"])
    }

    @Test("--drift: one step every interval, on a timer; the advance keeps its own time")
    func driftSteps() async {
        let harness = EngineHarness(seconds: 5) { $0.driftSeconds = 7 }
        await harness.run(until: 6.99)
        #expect(harness.engine.state.driftStep == 0)
        await harness.run(until: 7.01)
        #expect(harness.engine.state.driftStep == 1)
        await harness.run(until: 20.5)
        #expect(harness.engine.state.driftStep == 2, "steps at 7 and 14 s, the next at 21 s")
        #expect(harness.cueTimes() == [5.0, 10.0, 15.0, 20.0], "the advance is not restarted by a step")
        harness.engine.stop()
        await harness.settle()
        #expect(harness.engine.liveTaskCount == 0)
    }

    @Test("a fair thermal state lowers fps but does not stop the timer")
    func fairKeepsTimer() async {
        let harness = EngineHarness(seconds: 5)
        await harness.run(until: 2)
        harness.engine.send(.power(PowerConditions(thermal: .fair, lowPower: false, thermalText: "fair 71°C", powerText: "AC", source: "test")))
        #expect(harness.engine.state.motion.framesPerSecond == 30)
        await harness.run(until: 5.5)
        // fps is part of the condition ID, so the change restarts the wait at 2 s.
        #expect(harness.cueTimes() == [])
        await harness.run(until: 7.5)
        #expect(harness.cueTimes() == [7.0])
        let policies = harness.records(named: "policy")
        #expect(policies.contains { if case .policy(30, true, false, _, "fair", false, _, _, _) = $0.record { true } else { false } })
    }

    @Test("--once completes and pauses after the last message's wait")
    func onceCompletes() async {
        let harness = EngineHarness(cueCount: 2, seconds: 2) { $0.loop = false }
        await harness.run(until: 4.5)
        #expect(harness.cueTimes() == [2.0])
        #expect(harness.records(named: "completed").map(\.t) == [4.0])
        #expect(harness.engine.state.completed)
        #expect(harness.engine.state.paused)
        #expect(!harness.engine.state.advanceConditions.shouldSchedule)
        await harness.run(until: 10)
        #expect(harness.cueTimes() == [2.0])
        // Next at the end of a non-looping flow does nothing but show controls.
        harness.engine.send(.key(.character("n")))
        #expect(harness.engine.state.cueIndex == 1)
        #expect(harness.engine.state.controlsVisible)
    }

    @Test("stopped motion means no frame ticks at all")
    func noTicksWhileStopped() async {
        let harness = EngineHarness(seconds: 5)
        await harness.run(until: 1)
        #expect(harness.engine.isTicking)
        harness.engine.send(.key(.character(" ")))
        await harness.run(until: 1.2)
        let framesWhenPaused = harness.frames
        await harness.run(until: 3)
        #expect(!harness.engine.isTicking)
        #expect(harness.frames == framesWhenPaused)
        harness.engine.send(.key(.character(" ")))
        await harness.run(until: 3.5)
        #expect(harness.frames > framesWhenPaused + 8)
    }

    @Test("cancelling waits leaks no task")
    func noLeakedTasks() async {
        let harness = EngineHarness(seconds: 5)
        for step in 0..<20 {
            harness.engine.send(.key(.character(step.isMultiple(of: 2) ? "n" : "t")))
            await harness.run(until: Double(step) * 0.1 + 0.1)
        }
        harness.engine.stop()
        await harness.settle()
        #expect(harness.engine.liveTaskCount == 0)
    }

    @Test("the controls line shows at start and hides after the idle timeout")
    func shownAtStart() async {
        let harness = EngineHarness(seconds: 20)
        #expect(harness.engine.state.controlsVisible)
        #expect(harness.engine.state.controlsLine.hasSuffix("? help"))
        await harness.run(until: 2.9)
        #expect(harness.engine.state.controlsVisible)
        await harness.run(until: 3.1)
        #expect(!harness.engine.state.controlsVisible)
    }

    @Test("with --idle-timeout 0 the status line hides at once, but a notice stays up for its minimum time")
    func noticeWithIdleTimeoutZero() async {
        let harness = EngineHarness(seconds: 20) { $0.idleTimeout = 0; $0.lowPowerOverride = true }
        await harness.run(until: 0.1)
        #expect(!harness.engine.state.controlsVisible, "idle timeout 0: hidden at once")
        harness.engine.send(.key(.character(" ")))
        #expect(harness.engine.state.notice == "motion is stopped (low power): pause unavailable")
        await harness.run(until: 0.1 + NoticeLimiter.minimumSeconds - 0.05)
        #expect(harness.engine.state.controlsVisible, "still up")
        await harness.run(until: 0.1 + NoticeLimiter.minimumSeconds + 0.05)
        #expect(!harness.engine.state.controlsVisible)
        // Sent when the first notice's time was up: it stands for its own.
        let sent = 0.1 + NoticeLimiter.minimumSeconds + 0.05
        harness.engine.send(.notice("events log: No space left on device"))
        await harness.run(until: sent + NoticeLimiter.minimumSeconds - 0.05)
        #expect(harness.engine.state.notice == "events log: No space left on device")
        await harness.run(until: sent + NoticeLimiter.minimumSeconds + 0.05)
        #expect(!harness.engine.state.controlsVisible)
    }

    @Test("the controls line hides after the idle timeout, restarted by each key")
    func idleHide() async {
        let harness = EngineHarness(seconds: 20)
        harness.engine.send(.key(.character("?")))
        await harness.run(until: 2)
        harness.engine.send(.key(.character("?")))
        await harness.run(until: 4.9)
        #expect(harness.engine.state.controlsVisible)
        await harness.run(until: 5.1)
        #expect(!harness.engine.state.controlsVisible)
    }
}

@Suite("Frame ticks")
@MainActor
struct FrameTickTests {
    @Test("scrolling ticks once per LED step, not at the full frame rate, while nothing else moves")
    func ticksFollowTheScroll() async {
        let harness = EngineHarness(cueCount: 1, seconds: 5)
        await harness.run(until: 1)
        let start = harness.frames
        await harness.run(until: 3)
        // 24 LEDs/s on a 60 fps grid: about 24 ticks a second, not 60.
        #expect((44...52).contains(harness.frames - start), "\(harness.frames - start) frames in 2 s")
    }

    @Test("with the controls line up the countdown bar moves every frame")
    func countdownTicksEveryFrame() async {
        let harness = EngineHarness(cueCount: 2, seconds: 20) { $0.idleTimeout = 100 }
        harness.engine.send(.key(.character("?")))
        harness.engine.send(.key(.character("?")))
        await harness.run(until: 1)
        let start = harness.frames
        await harness.run(until: 2)
        #expect(harness.frames - start >= 55, "\(harness.frames - start) frames in 1 s")
    }

    @Test("the next change: one LED ahead when scrolling, at once while fading or counting down")
    func nextChange() {
        var settings = PlayerSettings()
        settings.speed = 10
        var player = PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: settings, seed: 1, at: 0)
        #expect(abs(player.nextVisibleChange(after: 0.25) - 0.3) < 1e-9)
        _ = player.reduce(.key(.character("n")), at: 1)   // a fade starts and the controls show
        #expect(player.nextVisibleChange(after: 1.1) == 1.1)
        _ = player.reduce(.idleTimeout, at: 0)
        #expect(player.nextVisibleChange(after: 1.5) > 1.5)
    }
}
