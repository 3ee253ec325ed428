import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--snapshot` draws what the sign would show now, schedules included
/// (docs/schedules.md): the local time is read at the start, as the sign
/// reads it, and again at each edge `--at` passes (`SnapshotClockTests`).
/// Windows are built around the real clock, so these hold at any hour
/// they run.
@Suite("Schedules in a snapshot")
@MainActor
struct ScheduleSnapshotTests {
    static let fonts = try! FontLoader.stack(path: nil)

    /// A window that started an hour ago (`open`) or starts in two hours.
    static func window(open: Bool) -> Schedule {
        let now = WallClock.localNow()!
        let start = (now.hour * 60 + now.minute + (open ? -60 : 120) + 1440) % 1440
        return Schedule(hours: [TimeWindow(start: start, end: (start + 180) % 1440)])
    }

    @Test("a message out of its window is not drawn; with none in window, the idle message, else nothing")
    func snapshot() {
        let cues = [Cue(text: "LATER", schedule: Self.window(open: false)), Cue(text: "NOW", schedule: Self.window(open: true))]
        let shown = Snapshot.render(cues: cues, settings: PlayerSettings(), fonts: Self.fonts, columns: 40, rows: 8, at: 0)
        #expect(shown.contains("NOW") && !shown.contains("LATER"), "\(shown)")
        var settings = PlayerSettings()
        settings.idleCue = Cue(text: "SHUT")
        let idle = Snapshot.render(cues: [cues[0]], settings: settings, fonts: Self.fonts, columns: 40, rows: 8, at: 0)
        #expect(idle.contains("SHUT") && !idle.contains("LATER"), "\(idle)")
        let dark = Snapshot.render(cues: [cues[0]], settings: PlayerSettings(), fonts: Self.fonts, columns: 40, rows: 8, at: 0)
        #expect(dark.allSatisfy { $0 == " " || $0 == "\n" }, "\(dark)")
    }
}
