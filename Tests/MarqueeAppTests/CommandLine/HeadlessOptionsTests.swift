import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--headless` (docs/headless.md): what may go with it, and what it sets.
@Suite("Headless options")
struct HeadlessOptionsTests {
    func options(_ arguments: [String], config: String = "") throws(UsageError) -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments, configBytes: Array(config.utf8), configName: "config")
        else { throw UsageError("not a run") }
        return options
    }

    func error(_ arguments: [String], config: String = "") -> String? {
        do {
            _ = try options(arguments, config: config)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("--headless sets its field, from the command line or the config file, and the player draws no frames")
    func field() throws {
        #expect(try !options(["HI"]).headless)
        let headless = try options(["--headless", "HI"])
        #expect(headless.headless)
        #expect(try options(["HI"], config: "headless\n").headless)
        #expect(!Program.playerSettings(headless, cueCount: 1).drawsFrames)
        #expect(Program.playerSettings(try options(["HI"]), cueCount: 1).drawsFrames)
        // Reachable through the socket (the default), the log, or both.
        #expect(try options(["--headless", "--no-control", "--events", "log.jsonl", "HI"]).noControl)
        #expect(try options(["--headless", "--events", "log.jsonl", "HI"]).events == "log.jsonl")
    }

    @Test("what cannot go with --headless is a usage error, saying exactly this", arguments: [
        (["--headless", "--snapshot", "HI"], "", "give either --headless or --snapshot, not both"),
        // From the config file, the error says its line (docs/command-line.md).
        (["--snapshot", "HI"], "headless\n", "config:1: give either --headless or --snapshot, not both"),
        (["--headless", "--tty", "/dev/tty1", "HI"], "", "give either --headless or --tty, not both (--tty is a terminal)"),
        (["--headless", "--no-control", "HI"], "", "--headless needs the control socket, --events or --mqtt"),
        (["--no-control", "HI"], "headless\n", "config:1: --headless needs the control socket, --events or --mqtt"),
    ])
    func conflicts(arguments: [String], config: String, message: String) {
        #expect(error(arguments, config: config) == message)
    }

    @Test("the same options without --headless are fine: the checks are --headless's own")
    func withoutHeadless() throws {
        #expect(try options(["--snapshot", "HI"]).snapshot)
        #expect(try options(["--no-control", "HI"]).noControl)
        #expect(try options(["--tty", "/dev/tty1", "HI"]).tty == "/dev/tty1")
    }
}
