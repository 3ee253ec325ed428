import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// `--headless` (docs/headless.md): nothing draws the frames, so the frame
/// ticker never runs, yet the sign keeps the same time as one on a
/// terminal. On a manual clock.
@Suite("Headless engine")
@MainActor
struct HeadlessEngineTests {
    /// 148 LEDs on a 100-LED sign: at 24 LEDs a second the last letter
    /// comes into view 2 s after the message appears.
    static let wide = MessageMeasure(textLEDs: 148, panelLEDs: 100)

    /// Runs to `seconds` in 10 ms steps, failing if the ticker ever runs.
    static func runWithoutTicking(_ harness: EngineHarness, until seconds: Double) async {
        await harness.settle()
        while harness.now < seconds - 1e-9 {
            #expect(!harness.engine.isTicking, "no frame ticker at \(harness.now) s")
            harness.clock.advance(by: .milliseconds(10))
            await harness.settle()
        }
    }

    @Test("a scrolling message advances after its pass and its seconds, and the engine never ticks")
    func advancesWithoutTicks() async {
        var ticks = 0
        let headless = EngineHarness(seconds: 5, measure: Self.wide) { $0.drawsFrames = false }
        headless.engine.onTickLateness = { _ in ticks += 1 }
        #expect(headless.engine.state.scrollsNow && headless.engine.state.clock.isRunning, "the scroll clock runs")
        #expect(headless.engine.state.passDeadline == 2, "the pass deadline is computed from the clock")
        await Self.runWithoutTicking(headless, until: 2.05)
        #expect(headless.engine.state.passShown && headless.engine.state.waitStartedAt == 2, "the wait starts at the pass's end")
        await Self.runWithoutTicking(headless, until: 15)
        // Each message: a 2 s pass, then its 5 s.
        #expect(headless.cueTimes() == [7, 14])
        #expect(!headless.engine.state.fadePending, "no fade waits for frames that are never drawn")
        #expect(ticks == 0, "not one frame tick")

        // The same deck drawn on a terminal keeps exactly the same time.
        let drawn = EngineHarness(seconds: 5, measure: Self.wide)
        await drawn.run(until: 15)
        #expect(drawn.cueTimes() == headless.cueTimes())
        #expect(drawn.engine.isTicking, "a drawing sign does tick: the check above can fail")
    }
}
