import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// Drawing coalesced to the frame clock (docs/architecture.md; issue 24
/// item 12): with `frameInterval` set, however many inputs arrive, frames
/// come at most one per interval, and the last input's state is always
/// drawn.
@MainActor
@Suite("Frame coalescing")
struct FrameCoalescingTests {
    /// A harness whose sign is paused, so the frame ticker draws nothing
    /// and every frame counted is one drawn for an input.
    static func paused() async -> EngineHarness {
        let harness = EngineHarness(cueCount: 5)
        harness.engine.send(.key(.character(" ")))
        await harness.run(until: 0.5)
        #expect(!harness.engine.isTicking && harness.engine.state.paused)
        return harness
    }

    @Test("100 inputs at one instant: one frame at once, one owed frame at the interval's end with the last state, then nothing")
    func flood() async {
        let harness = await Self.paused()
        harness.engine.frameInterval = .milliseconds(16)
        var drawn: [(t: Double, cue: Int)] = []
        harness.engine.onFrame = { [unowned harness] in drawn.append((harness.now, harness.engine.state.cueIndex)) }
        await harness.run(until: 1)
        for _ in 0..<100 { harness.engine.send(.key(.character("n"))) }
        #expect(drawn.count == 1, "the first input draws at once: \(drawn)")
        #expect(drawn.first?.cue == 1)
        await harness.run(until: 1.05)
        #expect(drawn.count == 2, "one owed frame: \(drawn)")
        #expect(drawn.last?.cue == harness.engine.state.cueIndex && harness.engine.state.cueIndex == 100 % 5)
        #expect(drawn.last.map { $0.t >= 1.016 - 1e-9 && $0.t <= 1.03 } == true, "at the interval's end: \(drawn)")
        // A steady stream: about one frame per interval, never one per input.
        let before = drawn.count
        for step in 0..<100 {
            harness.engine.send(.key(.character("n")))
            await harness.run(until: 1.05 + Double(step + 1) * 0.002)
        }
        await harness.run(until: 1.3)
        let frames = drawn.count - before
        #expect(frames >= 10 && frames <= 14, "100 inputs over 0.2 s: \(frames) frames at 16 ms")
        #expect(drawn.last?.cue == harness.engine.state.cueIndex, "the last state is drawn")
        harness.engine.stop()
    }

    @Test("without an interval (tests, headless) every batch draws")
    func unset() async {
        let harness = await Self.paused()
        await harness.run(until: 1)
        let before = harness.frames
        for _ in 0..<10 { harness.engine.send(.key(.character("n"))) }
        #expect(harness.frames == before + 10)
        harness.engine.stop()
    }

    @Test("an input after a quiet interval is drawn at once")
    func quiet() async {
        let harness = await Self.paused()
        harness.engine.frameInterval = .milliseconds(16)
        var frames = 0
        harness.engine.onFrame = { frames += 1 }
        for second in 1...3 {
            await harness.run(until: Double(second))
            harness.engine.send(.key(.character("n")))
            #expect(frames == second)
        }
        harness.engine.stop()
    }
}
