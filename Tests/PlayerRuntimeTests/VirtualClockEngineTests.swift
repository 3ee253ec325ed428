import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// The engine on a virtual clock, its waits the clock's timers
/// (`scheduleWait`), as `--snapshot` runs it: the same times as with a
/// task per wait, a day in one synchronous advance, and no task at all.
@Suite("Engine on a virtual clock")
@MainActor
struct VirtualClockEngineTests {
    /// 148 LEDs on a 100-LED sign: at 24 LEDs a second the last letter
    /// comes into view 2 s after the message appears.
    static let wide = MessageMeasure(textLEDs: 148, panelLEDs: 100)

    /// An engine whose waits are timers of its manual clock and whose
    /// frame ticks are never kept (nothing is drawn between moments).
    static func virtual(seconds: Double = 5, measure: MessageMeasure? = nil,
                        configure: (inout PlayerSettings) -> Void = { _ in }) -> EngineHarness {
        EngineHarness(seconds: seconds, measure: measure) { settings in
            configure(&settings)
        } prepare: { engine in
            let clock = engine.clock
            engine.scheduleWait = { clock.schedule(at: $0, $1) }
            engine.scheduleTick = { _, _ in {} }
        }
    }

    @Test("advances, passes and manual moves keep the times they keep with a task per wait")
    func sameTimes() async {
        let tasks = EngineHarness(seconds: 5, measure: Self.wide)
        await tasks.run(until: 3)
        tasks.engine.send(.key(.character("n")))
        await tasks.run(until: 30)

        let timers = Self.virtual(seconds: 5, measure: Self.wide)
        timers.clock.advance(by: .seconds(3))
        timers.engine.send(.key(.character("n")))
        timers.clock.advance(by: .seconds(27))
        // A manual next at 3 s: its pass to 5 s, its seconds to 10 s, …
        #expect(timers.cueTimes() == [10, 17, 24])
        #expect(timers.cueTimes() == tasks.cueTimes())
        #expect(timers.cueTimes(automatic: false) == tasks.cueTimes(automatic: false))
        #expect(timers.engine.liveTaskCount == 0, "not one task")
    }

    @Test("a day in one advance: every wait in order, and only the timers' work")
    func aDay() {
        var frames = 0
        let harness = Self.virtual(seconds: 5) { $0.driftSeconds = 60 }
        harness.engine.onFrame = { frames += 1 }
        harness.clock.advance(by: .seconds(86_400))
        let times = harness.cueTimes()
        #expect(times.count == 86_400 / 5)
        #expect(times.first == 5 && times.last == 86_400)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 5 }, "every 5 s, none early or late")
        #expect(harness.engine.state.driftStep == 86_400 / 60)
        // One frame per batch of inputs (an advance, a drift step, the
        // hide), none for ticks: a ticking sign would draw millions.
        #expect(frames < 20_000, "\(frames) frames")
    }

    @Test("a wait whose condition changed never fires: low power from 3 s to 10 s, the advance at 15 s")
    func calledOff() {
        let harness = Self.virtual(seconds: 5)
        harness.clock.advance(by: .seconds(3))
        harness.engine.send(.power(PowerConditions(thermal: .nominal, lowPower: true, thermalText: "nominal",
                                                   powerText: "battery 15 %", source: "test")))
        harness.clock.advance(by: .seconds(7))
        #expect(harness.cueTimes().isEmpty)
        harness.engine.send(.power(PowerConditions(thermal: .nominal, lowPower: false, thermalText: "nominal",
                                                   powerText: "AC", source: "test")))
        harness.clock.advance(by: .seconds(5.5))
        #expect(harness.cueTimes() == [15])
    }
}
