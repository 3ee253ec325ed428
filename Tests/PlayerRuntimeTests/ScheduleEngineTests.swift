import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// The engine with schedules, on a manual clock (docs/schedules.md): the
/// local time is read in the batch that needs it, before the frame, and
/// quiet hours `off` stop the ticker and the advance as the background
/// does, the wait starting over when they end.
@Suite("Schedules in the engine")
@MainActor
struct ScheduleEngineTests {
    static func moment(_ text: String) -> LocalMoment { LocalMoment(parsing: "2026-12-01T" + text)! }

    @Test("the first batch reads the local time before drawing: no frame shows a message out of its window")
    func readBeforeTheFirstFrame() async {
        let cues = [Cue(text: "LATER", schedule: Schedule(hours: [TimeWindow(start: 600, end: 660)])), Cue(text: "NOW")]
        let engine = PlaybackEngine(state: PlayerState(cues: cues, settings: PlayerSettings(), at: 0), clock: ManualClock())
        var reads = 0
        var shownAtFrames: [String] = []
        engine.localTime = {
            reads += 1
            return Self.moment("09:00")
        }
        engine.onFrame = { shownAtFrames.append(engine.state.currentCue.text) }
        engine.start()
        #expect(reads == 1 && shownAtFrames == ["NOW"])
        engine.send(.key(.character("x")))
        #expect(reads == 1, "asked again only when the schedules change")
        engine.send(.cuesReplaced(cues + [Cue(text: "MORE", schedule: Schedule(hours: [TimeWindow(start: 0, end: 60)]))]))
        #expect(reads == 2)
        engine.stop()
    }

    @Test("quiet hours off: no ticker, no advance; when they end a full wait starts")
    func quietOffStopsTimers() async {
        let clock = ManualClock()
        var settings = PlayerSettings()
        settings.quiet = QuietHours(windows: [TimeWindow(start: 1320, end: 420)], mode: .off)
        let cues = [Cue(text: "A", seconds: 5), Cue(text: "B", seconds: 5)]
        let engine = PlaybackEngine(state: PlayerState(cues: cues, settings: settings, at: 0), clock: clock)
        var cueTimes: [Double] = []
        engine.onEffects = { effects in
            for case .log(.cue(_, _, _, true)) in effects { cueTimes.append(engine.now()) }
        }
        engine.localTime = { Self.moment("21:59:58") }
        engine.start()
        func run(to seconds: Double) async {
            for _ in 0..<40 { await Task.yield() }
            while engine.now() < seconds - 1e-9 {
                clock.advance(by: .milliseconds(10))
                for _ in 0..<40 { await Task.yield() }
            }
        }
        await run(to: 2)
        engine.send(.localTime(Self.moment("22:00")))
        #expect(engine.state.isDark && !engine.isTicking && engine.state.waitStartedAt == nil)
        await run(to: 30)
        #expect(cueTimes.isEmpty, "no advance while quiet")
        engine.send(.localTime(LocalMoment(parsing: "2026-12-02T07:00")!))
        await run(to: 34.9)
        #expect(cueTimes.isEmpty, "a full wait from 30 s, not what was left at 2 s")
        await run(to: 35.1)
        #expect(cueTimes.count == 1 && abs(cueTimes[0] - 35) < 0.02)
        engine.stop()
        await run(to: 36)
        #expect(engine.liveTaskCount == 0)
    }
}
