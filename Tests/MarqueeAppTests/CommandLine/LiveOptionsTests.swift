import Testing
@testable import MarqueeApp

@Suite("Live input options")
struct LiveOptionsTests {
    func options(_ arguments: [String], config: String = "") throws(UsageError) -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments, configBytes: Array(config.utf8), configName: "config")
        else { throw UsageError("not a run") }
        return options
    }

    func error(_ arguments: [String]) -> String? {
        do {
            _ = try options(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("--follow, --latest and --format set their fields")
    func fields() throws {
        let followed = try options(["--follow", "log.txt", "--latest"])
        #expect(followed.follow == "log.txt" && followed.latest)
        #expect(try options(["-f", "-", "--format", "JSON"]).format == .json)
        #expect(try options(["-f", "-"]).format == .auto)
    }

    @Test("the live options' mistakes are usage errors, saying exactly this", arguments: [
        (["--follow", "a", "-f", "b"], "give either --file or --follow, not both"),
        (["--follow", "a", "HELLO"], "give either a message or --follow, not both"),
        (["--feed", "https://x/f", "HELLO"], "give either a message or --feed, not both"),
        (["--feed", "https://x/f", "-f", "d.json"], "give one of --file, --follow and --feed (a deck can mix feeds and messages: docs/feeds.md)"),
        (["--feed", "https://x/f", "--follow", "a"], "give one of --file, --follow and --feed (a deck can mix feeds and messages: docs/feeds.md)"),
        (["--feed", "ftp://x/f"], "'--feed': a feed's URL must start with http:// or https://"),
        (["--feed", "http://x/\u{1B}[31m"], "'--feed': a feed's URL must be printable ASCII without spaces (percent-encode the rest)"),
        (["--follow", "-"], "'--follow -' is refused: follow a file; standard input is read live with -f -"),
        (["--latest", "HELLO"], "--latest needs -f - or --follow"),
        (["--latest", "-f", "cues.txt"], "--latest needs -f - or --follow"),
        (["--format", "lines", "-f", "cues.txt"], "--format needs -f - (a file's name says what it is)"),
        (["--format", "xml", "-f", "-"], "unknown format 'xml' (use auto, json, lines)"),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect(error(arguments) == message)
    }

    @Test("--follow, --latest and --format are the command line's alone", arguments: ["follow log.txt", "latest", "format = lines"])
    func config(line: String) {
        #expect(throws: UsageError.self) { try options(["-f", "-"], config: line + "\n") }
    }
}
