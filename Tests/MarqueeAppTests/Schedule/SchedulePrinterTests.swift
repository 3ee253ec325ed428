import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--schedule` and `--now` (docs/schedules.md): the week as lines a person
/// reads, texts made visible and cut, and what the options go with.
@Suite("Schedule preview printing")
@MainActor
struct SchedulePrinterTests {
    static func options(_ arguments: [String]) throws(UsageError) -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments, configBytes: [], configName: "config")
        else { throw UsageError("not a run") }
        return options
    }

    @Test("a day heads its lines; each line is a time, the messages by entry, the idle message and quiet hours")
    func lines() throws {
        let cues = [
            Cue(text: "OPEN", schedule: try Schedule(days: "Mon-Fri", hours: "09:00-17:00", from: nil, until: nil)),
            Cue(text: "ESC\u{1B}[2J and a very long text that goes on and on", schedule: try Schedule(days: "Sat", hours: nil,
                                                                                                   from: nil, until: nil)),
        ]
        let quiet = QuietHours(windows: try TimeWindow.parseList("20:00-08:00"), mode: .off)
        let text = SchedulePrinter.text(cues: cues, quiet: quiet, idle: Cue(text: "CLOSED"),
                                        from: LocalMoment(parsing: "2026-12-04T07:30")!)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(9)) == [
            "What shows when, from Fri 2026-12-04 07:30 for 7 days (local time):",
            "Fri 2026-12-04",
            "  07:30  nothing (idle: \"CLOSED\") · quiet: dark",
            "  08:00  nothing (idle: \"CLOSED\")",
            "  09:00  #1 OPEN",
            "  17:00  nothing (idle: \"CLOSED\")",
            "  20:00  nothing (idle: \"CLOSED\") · quiet: dark",
            "Sat 2026-12-05",
            // A cue's text is already safe (`Cue` sanitizes it); cut to 32.
            "  00:00  #2 ESC and a very long text that g… · quiet: dark",
        ], "\(text)")
        #expect(!text.contains("\u{1B}"))
    }

    @Test("--schedule and --now: what they go with, said in one line", arguments: [
        (["--now", "Sat 12:00", "HI"], "--now needs --schedule, --snapshot or --export (a playing sign follows the wall clock)"),
        (["--schedule", "--snapshot", "HI"], "give either --schedule or --snapshot, not both"),
        (["--schedule", "--headless", "HI"], "give either --schedule or --headless, not both"),
        (["--schedule", "--mqtt", "mqtt://127.0.0.1", "HI"], "--schedule previews a deck of its own; it cannot join a fleet (--mqtt)"),
        (["--schedule", "--now", "someday", "HI"],
         "option '--now': \"someday\" is not a moment (use 2026-12-24T18:00, 18:00 or 'Sat 18:00')"),
    ])
    func refused(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try Self.options(arguments) }
    }

    @Test("--now with --snapshot or --schedule is taken, as that local time")
    func taken() throws {
        #expect(try Self.options(["--schedule", "--now", "2026-12-24T18:00", "HI"]).now?.text == "2026-12-24T18:00:00")
        #expect(try Self.options(["--snapshot", "--now", "2026-12-24T18:00", "HI"]).schedulePreview == false)
    }

    @Test("--snapshot --now draws what shows at that local time")
    func snapshotAtNow() throws {
        let cues = [Cue(text: "WEEK", schedule: try Schedule(days: "Mon-Fri", hours: nil, from: nil, until: nil)),
                    Cue(text: "SAT", schedule: try Schedule(days: "Sat", hours: nil, from: nil, until: nil))]
        let fonts = try FontLoader.stack(path: nil)
        for (when, shown) in [("2026-12-05T12:00", "SAT"), ("2026-12-07T12:00", "WEEK")] {
            let start = try #require(WallClock.seconds(of: LocalMoment(parsing: when)!))
            let frame = Snapshot.render(cues: cues, settings: PlayerSettings(), fonts: fonts, columns: 60, rows: 8, at: 0,
                                        wallStart: start)
            #expect(frame.contains(shown), "\(when): \(frame)")
        }
    }
}
