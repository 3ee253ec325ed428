import Testing
@testable import MarqueeApp

/// `--events-max SIZE` (docs/events-log.md, "Size and rotation"): the sizes
/// it takes and the ones it refuses with one clear line.
@Suite("Events max option")
struct EventsMaxOptionTests {
    func eventsMax(_ value: String) throws -> Int {
        guard case .run(let options, _) = try CommandLineParser.parse(["--events", "log.jsonl", "--events-max", value, "x"]) else {
            Issue.record("not a run")
            return -1
        }
        return options.eventsMax
    }

    @Test("bytes, K, M and G (either case), and 0 for no cap", arguments: [
        ("4096", 4096), ("4K", 4096), ("4k", 4096), ("64M", 64 << 20), ("1G", 1 << 30), ("1024G", 1 << 40), ("0", 0),
        ("0M", 0),
    ])
    func accepted(value: String, bytes: Int) throws {
        #expect(try eventsMax(value) == bytes)
    }

    @Test("the default is 64 MiB")
    func defaultSize() throws {
        guard case .run(let options, _) = try CommandLineParser.parse(["x"]) else { return }
        #expect(options.eventsMax == 64 << 20)
    }

    @Test("refused: too small, too large, negative, fractions, other units, junk", arguments: [
        "4095", "1K", "1025G", "9223372036854775807", "99999999999999999999K", "-1", "-4K", "1.5M", "2T", "M", "",
        "4 K", "+4K", "٤K", "0x1000", "64MB", "64M\u{0}",
    ])
    func refused(value: String) {
        let message = "'--events-max' must be 0 (no cap) or a size from 4K to 1024G (bytes, or K, M, G), not '\(OptionValues.shown(value))'"
        #expect(throws: UsageError(message)) { try eventsMax(value) }
    }

    func parse(_ arguments: [String], config: String) throws(UsageError) -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments, configBytes: Array(config.utf8), configName: "config")
        else { throw UsageError("not a run") }
        return options
    }

    // Before, the cap was taken and nothing said that no log would be
    // written for it to cap (issue 24).
    @Test("without --events it is the usage error of an option that needs another, said at the config file's line when set there",
          arguments: [
              (["--events-max", "16M", "x"], "", "--events-max needs --events"),
              // Also at its default's value: being set is the mistake.
              (["--events-max=64M", "-f", "cues.txt"], "", "--events-max needs --events"),
              (["--events-max", "0", "x"], "", "--events-max needs --events"),
              (["x"], "events-max 16M\n", "config:1: --events-max needs --events"),
          ])
    func needsEvents(arguments: [String], config: String, message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments, config: config) }
    }

    @Test("with --events from either place it is taken")
    func withEvents() throws {
        #expect(try parse(["--events", "log.jsonl", "x"], config: "events-max 16M\n").eventsMax == 16 << 20)
        #expect(try parse(["--events-max", "8M", "x"], config: "events log.jsonl\n").eventsMax == 8 << 20)
        #expect(try parse(["--headless", "--events", "log.jsonl", "--events-max", "4K"], config: "").eventsMax == 4096)
    }
}
