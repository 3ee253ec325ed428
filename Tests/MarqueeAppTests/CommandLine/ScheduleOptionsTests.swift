import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--idle-message`, `--quiet` and `--quiet-mode` (docs/schedules.md): what
/// they set, and a usage error for everything else.
@Suite("Schedule options")
struct ScheduleOptionsTests {
    func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments) else {
            Issue.record("not a run")
            return Options()
        }
        return options
    }

    @Test("the three options reach the player's settings; quiet-mode defaults to dim=20")
    func settings() throws {
        let parsed = try options(["--quiet", "22:00-07:00", "--idle-message", "CLOSED", "-f", "deck.json"])
        let settings = Program.playerSettings(parsed, cueCount: 2)
        #expect(settings.quiet == QuietHours(windows: [TimeWindow(start: 1320, end: 420)], mode: .dim(percent: 20)))
        #expect(settings.idleCue?.text == "CLOSED")
        let off = try options(["--quiet=12:00-13:00,22:00-07:00", "--quiet-mode", "OFF", "x"])
        #expect(Program.playerSettings(off, cueCount: 1).quiet?.mode == .off)
        #expect(Program.playerSettings(off, cueCount: 1).quiet?.windows.count == 2)
        #expect(Program.playerSettings(try options(["x"]), cueCount: 1).quiet == nil)
    }

    @Test("mistakes are usage errors, saying exactly this", arguments: [
        (["--quiet", "22-07", "x"], "'--quiet' needs hours like 22:00-07:00: \"22\" is not a time (use HH:MM, 00:00 to 24:00)"),
        (["--quiet", "", "x"], "'--quiet' needs hours like 22:00-07:00: a window is START-END, e.g. 09:00-17:30, not \"\""),
        (["--quiet-mode", "off", "x"], "--quiet-mode needs --quiet"),
        (["--quiet", "22:00-07:00", "--quiet-mode", "dim=0", "x"], "unknown quiet mode \"dim=0\" (use dim=PERCENT, 1 to 99, or off)"),
        (["--idle-message", "", "x"], "option '--idle-message' needs a text to show (leave it out to go dark)"),
        (["--idle-message", "\u{1B}[2J", "x"], "option '--idle-message' needs a text to show (leave it out to go dark)"),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
    }
}
