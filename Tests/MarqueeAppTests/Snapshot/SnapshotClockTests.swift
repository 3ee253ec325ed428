import MarqueeCore
import Testing
@testable import MarqueeApp
@testable import PlayerRuntime

/// `--snapshot` plays the real engine on a virtual clock to `--at`, its
/// wall clock `wallStart` at the moment 0 (docs/architecture.md): the
/// sign's timed rules that read the wall clock — `--sync` slots, schedule
/// edges, live fields — and `--drift` show at `--at` as on the sign.
@Suite("Snapshot on the virtual clock")
@MainActor
struct SnapshotClockTests {
    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    static func render(_ cues: [Cue], at seconds: Double?, wallStart: Double,
                       configure: (inout PlayerSettings) -> Void = { _ in }) -> String {
        var settings = PlayerSettings()
        configure(&settings)
        return Snapshot.render(cues: cues, settings: settings, fonts: fonts, columns: 40, rows: 12, at: seconds,
                               wallStart: wallStart)
    }

    /// The frame of `text` alone, at rest.
    static func alone(_ text: String) -> String {
        render([Cue(text: text)], at: 0, wallStart: 0) { $0.staticText = true }
    }

    static func isDark(_ frame: String) -> Bool { !frame.contains("●") }

    @Test("--sync: a deck with epoch 0 and three 2 s entries shows the slot's message at --at, not the flow's from A",
          arguments: [(1.0, "B"), (3, "C"), (7, "B"), (14.5, "C")])
    func syncSlots(at seconds: Double, expected: String) {
        // 1,800,000,002 s is 2 s into a 6 s cycle from the epoch: B's slot
        // is [0, 2) of the snapshot's time, C's [2, 4), A's [4, 6), B's [6, 8).
        let deck = ["A", "B", "C"].map { Cue(text: $0, seconds: 2) }
        let frame = Self.render(deck, at: seconds, wallStart: 1_800_000_002) { settings in
            settings.sync = true
            settings.epoch = 0
        }
        #expect(frame == Self.alone(expected))
        // Without --sync the flow starts from A: the frames differ.
        let alone = Self.render(deck, at: seconds, wallStart: 1_800_000_002)
        #expect(alone != frame)
    }

    @Test("a schedule window that opens after the moment 0 shows its message at an --at past the edge")
    func scheduleEdge() throws {
        // A whole minute, so the window's edge is 2 minutes after the start.
        let wallStart = (WallClock.now() / 60).rounded(.down) * 60
        let local = try #require(WallClock.civil(at: Int64(wallStart)))
        let start = (local.hour * 60 + local.minute + 2) % 1440
        let cue = Cue(text: "OPEN", schedule: Schedule(hours: [TimeWindow(start: start, end: (start + 60) % 1440)]))
        func frame(at seconds: Double) -> String {
            Self.render([cue], at: seconds, wallStart: wallStart) { $0.staticText = true }
        }
        #expect(Self.isDark(frame(at: 0)))
        #expect(Self.isDark(frame(at: 119)))
        #expect(frame(at: 121) == Self.alone("OPEN"))
    }

    @Test("a time field shows the time at --at, on the wall clock from the start")
    func timeField() throws {
        let wallStart = 1_800_000_000.0
        let shown = try #require(WallClock.format("%H:%M", at: wallStart + 3_600))
        let frame = Self.render([Cue(text: "{time:%H:%M}")], at: 3_600, wallStart: wallStart) { $0.staticText = true }
        #expect(frame == Self.alone(shown))
    }

    @Test("--drift: a sign at rest has moved by --at, one LED a step")
    func drift() {
        let still = Self.render([Cue(text: "X")], at: 0, wallStart: 0) { $0.staticText = true; $0.driftSeconds = 60 }
        let later = Self.render([Cue(text: "X")], at: 90, wallStart: 0) { $0.staticText = true; $0.driftSeconds = 60 }
        #expect(still == Self.alone("X"))
        #expect(later != still)
    }

    @Test("a day of a scrolling flow: every advance in order, not one frame tick")
    func aDay() {
        var settings = PlayerSettings()
        settings.monochrome = true
        settings.idleTimeout = 0
        let cues = [Cue(text: "A MESSAGE FAR TOO WIDE FOR THIS SIGN", seconds: 5), Cue(text: "OK", seconds: 5)]
        let sign = VirtualSign(cues: cues, settings: settings, fonts: Self.fonts, columns: 80, rows: 24, wallStart: 0)
        var ticks = 0
        var advances: [Double] = []
        sign.engine.onTickLateness = { _ in ticks += 1 }
        sign.engine.onEffects = { effects in
            for case .log(.cue(_, _, _, true)) in effects { advances.append(sign.engine.now()) }
        }
        #expect(sign.engine.state.frameTickerID.framesPerSecond > 0, "a drawing sign's ticker would run")
        sign.run(until: 86_400)
        #expect(ticks == 0)
        // A cycle of about 33 s: the wide one's pass and its 5 s, then OK's 5 s.
        #expect(advances.count > 5_000, "\(advances.count) advances")
        #expect(zip(advances, advances.dropFirst()).allSatisfy { $0 < $1 })
        #expect(sign.engine.liveTaskCount == 0, "no task: every wait is a timer of the clock")
    }
}
