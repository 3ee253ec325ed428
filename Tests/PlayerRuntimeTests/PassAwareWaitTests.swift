import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// A message is shown whole before it is replaced: a scrolling message's
/// seconds count from the moment its last letter has come into view. The
/// pass is an input of the advance condition ID, so every other rule of the
/// condition-ID restart still holds. On a manual clock.
@Suite("Pass-aware wait")
@MainActor
struct PassAwareWaitTests {
    /// Every message is 148 LEDs wide on a 100-LED sign: at 24 LEDs a second
    /// the last letter comes into view 2 s after the message appears.
    static let wide = MessageMeasure(textLEDs: 148, panelLEDs: 100)
    /// Every message fits: held at rest.
    static let fitting = MessageMeasure(textLEDs: 60, panelLEDs: 100)

    @Test("the wait starts when the end comes into view")
    func startsAtEnd() async {
        let harness = EngineHarness(seconds: 5, measure: Self.wide)
        await harness.run(until: 1.99)
        #expect(harness.engine.state.waitStartedAt == nil, "no wait during the pass")
        #expect(!harness.engine.state.passShown)
        await harness.run(until: 2.05)
        #expect(harness.engine.state.passShown)
        #expect(harness.engine.state.waitStartedAt == 2.0)
        await harness.run(until: 6.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 7.5)
        #expect(harness.cueTimes() == [7.0])
        // The next message starts its own pass.
        #expect(!harness.engine.state.passShown)
        #expect(harness.engine.state.waitStartedAt == nil)
    }

    @Test("a message that fits is held at rest for exactly its seconds; the scroll does not run")
    func fittingHeld() async {
        let harness = EngineHarness(seconds: 5, measure: Self.fitting)
        #expect(harness.engine.state.holdsAtRest)
        #expect(harness.engine.state.placementKind == .rest)
        #expect(!harness.engine.state.clock.isRunning)
        #expect(harness.engine.isTicking, "the controls line is up at start: its countdown bar runs")
        await harness.run(until: 3.1)
        #expect(!harness.engine.isTicking, "the line hid after the idle timeout: nothing moves, so no frame ticks")
        await harness.run(until: 5.1)
        #expect(harness.cueTimes() == [5.0])
        // The next message fades in: the ticker runs for the fade, then stops.
        #expect(harness.engine.isTicking)
        await harness.run(until: 5.6)
        #expect(!harness.engine.isTicking)
        let frames = harness.frames
        await harness.run(until: 7)
        #expect(harness.frames == frames, "a message at rest draws nothing more")
    }

    @Test("a key shows the countdown bar, which ticks until the controls hide again")
    func countdownTicks() async {
        let harness = EngineHarness(seconds: 10, measure: Self.fitting)
        await harness.run(until: 3.5)   // the line shown at start hid after 3 s
        #expect(!harness.engine.isTicking)
        harness.engine.send(.key(.character("x")))
        #expect(harness.engine.isTicking)
        await harness.run(until: 7)     // idle timeout 3 s
        #expect(!harness.engine.state.controlsVisible)
        #expect(!harness.engine.isTicking)
    }

    @Test("low power mid-pass: no wait; on recovery the pass continues from where it was, then a full wait")
    func lowPowerMidPass() async {
        let harness = EngineHarness(seconds: 5, measure: Self.wide)
        await harness.run(until: 1)
        harness.engine.send(.power(PowerConditions(thermal: .nominal, lowPower: true, thermalText: "nominal", powerText: "battery 15 %", source: "test")))
        #expect(harness.engine.state.clock.sample(at: 1) == 24)
        #expect(harness.engine.state.placementKind == .rest, "shown whole while stopped")
        await harness.run(until: 10)
        #expect(harness.engine.state.clock.sample(at: 10) == 24, "the position is kept underneath")
        #expect(!harness.engine.state.passShown && harness.engine.state.waitStartedAt == nil)
        harness.engine.send(.power(PowerConditions(thermal: .nominal, lowPower: false, thermalText: "nominal", powerText: "AC", source: "test")))
        // 24 LEDs left of the pass: 1 s more, then the full 5 s.
        await harness.run(until: 10.99)
        #expect(!harness.engine.state.passShown)
        await harness.run(until: 11.05)
        #expect(harness.engine.state.waitStartedAt == 11.0)
        await harness.run(until: 15.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 16.5)
        #expect(harness.cueTimes() == [16.0])
    }

    @Test("low power after the end came into view cancels the wait; recovery starts a full one")
    func lowPowerAfterPass() async {
        let harness = EngineHarness(seconds: 5, measure: Self.wide)
        await harness.run(until: 4)
        harness.engine.send(.power(PowerConditions(thermal: .nominal, lowPower: true, thermalText: "nominal", powerText: "battery", source: "test")))
        await harness.run(until: 8)
        harness.engine.send(.power(PowerConditions(thermal: .nominal, lowPower: false, thermalText: "nominal", powerText: "AC", source: "test")))
        await harness.run(until: 12.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 13.5)
        #expect(harness.cueTimes() == [13.0], "a full 5 s from the recovery, the pass already shown")
    }

    @Test("a manual next mid-pass starts the next message's pass, then its full wait")
    func manualNextMidPass() async {
        let harness = EngineHarness(seconds: 5, measure: Self.wide)
        await harness.run(until: 1)
        harness.engine.send(.key(.character("n")))
        #expect(harness.engine.state.clock.sample(at: 1) == 0)
        await harness.run(until: 2.99)
        #expect(harness.engine.state.waitStartedAt == nil)
        await harness.run(until: 8.5)
        #expect(harness.cueTimes() == [8.0], "pass 1 s → 3 s, then 5 s")
    }

    @Test("a fair thermal state lowers fps but the pass and the wait go on")
    func fairDuringPass() async {
        let harness = EngineHarness(seconds: 5, measure: Self.wide)
        await harness.run(until: 1)
        harness.engine.send(.power(PowerConditions(thermal: .fair, lowPower: false, thermalText: "fair", powerText: "AC", source: "test")))
        #expect(harness.engine.state.motion.framesPerSecond == 30)
        await harness.run(until: 7.5)
        #expect(harness.cueTimes() == [7.0])
    }

    @Test("a faster scroll mid-pass moves the end of the pass earlier")
    func speedChange() async {
        let harness = EngineHarness(seconds: 5, measure: Self.wide) { $0.speed = 12 }
        await harness.run(until: 2)      // 24 of 48 LEDs
        harness.engine.send(.key(.character("+")))   // 15 LEDs/s: 24 LEDs in 1.6 s
        await harness.run(until: 3.55)
        #expect(!harness.engine.state.passShown)
        await harness.run(until: 3.65)
        #expect(harness.engine.state.passShown)
        #expect(abs((harness.engine.state.waitStartedAt ?? 0) - 3.6) <= 0.0101, "within a step of the harness")
    }

    @Test("--once: the last message completes a full wait after its end came into view")
    func onceLast() async {
        let harness = EngineHarness(cueCount: 2, seconds: 2, measure: Self.wide) { $0.loop = false }
        await harness.run(until: 9)
        // Pass 2 s, wait 2 s: next at 4; again: completed at 8.
        #expect(harness.cueTimes() == [4.0])
        #expect(harness.times(of: "completed") == [8.0])
        #expect(harness.engine.state.placementKind == .rest)
    }

    @Test("--once with one message completes after one pass across the sign")
    func onceSingle() async {
        let harness = EngineHarness(cueCount: 1, seconds: 5, measure: Self.wide) { $0.loop = false }
        #expect(harness.engine.state.passDistance == 248, "its width and the sign's")
        await harness.run(until: 10.3)
        #expect(harness.records(named: "completed").isEmpty)
        await harness.run(until: 10.5)
        // At the first 10 ms step of the manual clock after 248 / 24 s.
        #expect(harness.times(of: "completed") == [10.34])
        #expect(harness.engine.state.completed && harness.engine.state.placementKind == .rest)
    }

    @Test("--once with one static message completes after its seconds")
    func onceStatic() async {
        let harness = EngineHarness(cueCount: 1, seconds: 3, measure: Self.wide) {
            $0.loop = false
            $0.staticText = true
        }
        await harness.run(until: 3.5)
        #expect(harness.times(of: "completed") == [3.0])
    }

    @Test("a looping single message never completes and has no wait")
    func loopingSingle() async {
        let harness = EngineHarness(cueCount: 1, seconds: 2, measure: Self.wide)
        await harness.run(until: 12)
        #expect(harness.records(named: "completed").isEmpty)
        #expect(harness.engine.state.waitStartedAt == nil)
    }
}
