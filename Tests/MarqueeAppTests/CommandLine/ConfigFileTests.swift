import Foundation
import Glibc
import MarqueeCore
import Testing
@testable import MarqueeApp

@Suite("Config file")
struct ConfigFileTests {
    /// A scratch folder standing in for `$HOME` or `$XDG_CONFIG_HOME`,
    /// removed after the test.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        var path: String { url.path }

        /// Writes `text` at `relative` (folders made as needed); its path.
        @discardableResult
        func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
            let file = url.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
            return file.path
        }

        @discardableResult
        func write(_ relative: String, _ text: String) throws -> String { try write(relative, Array(text.utf8)) }
    }

    static let name = "/home/u/.config/ledmarquee/config"

    /// The options of `text` as the config file, then `arguments`.
    func run(_ text: String, _ arguments: [String] = ["x"]) throws -> (options: Options, warnings: [String]) {
        try run(Array(text.utf8), arguments)
    }

    func run(_ bytes: [UInt8], _ arguments: [String] = ["x"]) throws -> (options: Options, warnings: [String]) {
        guard case .run(let options, let warnings) = try CommandLineParser.parse(arguments, configBytes: bytes, configName: Self.name) else {
            Issue.record("expected a run command")
            return (Options(), [])
        }
        return (options, warnings)
    }

    func error(_ text: String, _ arguments: [String] = ["x"]) -> String? {
        error(Array(text.utf8), arguments)
    }

    func error(_ bytes: [UInt8], _ arguments: [String] = ["x"]) -> String? {
        do {
            _ = try CommandLineParser.parse(arguments, configBytes: bytes, configName: Self.name)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("every accepted line form, comments and blank lines")
    func forms() throws {
        let parsed = try run("""
            # a comment
              # an indented comment

            seconds = 8
            speed 12
            --style=half
            color\t#FF8000
            --once
              shuffle  \r
            font "/fonts/my font.bdf"
            events=' log.jsonl '
            """).options
        #expect(parsed.seconds == 8 && parsed.speed == 12 && parsed.style == .half && parsed.once && parsed.shuffle)
        #expect(parsed.color == .solid(red: 255, green: 128, blue: 0))
        #expect(parsed.font == "/fonts/my font.bdf")
        #expect(parsed.events == " log.jsonl ")
        // A combining mark after a blank, "=" or "#" does not hide it.
        #expect(try run("#\u{301} comment\nfont\t\u{301}x.bdf\nsysfs-root=\u{301}/s\n").options.font == "\u{301}x.bdf")
        #expect(try run("sysfs-root =\u{301}/s\n").options.sysfsRoot == "\u{301}/s")
    }

    @Test("the command line wins over the file; flags from the file stay")
    func precedence() throws {
        let parsed = try run("seconds 8\nspeed 12\nonce\ncolour green\n", ["-s", "3", "--speed=-10", "-c", "blue", "x"]).options
        #expect(parsed.seconds == 3 && parsed.speed == -10 && parsed.once)
        #expect(parsed.color == LEDColor(parsing: "blue"))
        #expect(try run("thermal fair\n", ["--thermal", "auto", "x"]).options.thermal == nil)
    }

    @Test("values ignore case in the file too")
    func caseInsensitive() throws {
        let parsed = try run("style DOTS\nthermal Serious\nlow-power ON\nscale AUTO\ncolor Amber\n").options
        #expect(parsed.style == .dots && parsed.thermal == .serious && parsed.lowPower == true && parsed.scale == nil)
        #expect(parsed.color == LEDColor(parsing: "amber"))
    }

    @Test("seconds out of range in the file: clamped, with a warning naming the line")
    func secondsWarning() throws {
        let result = try run("# sign\nseconds 1\n", ["-s", "50", "x"])
        #expect(result.options.seconds == 20)
        #expect(result.warnings == [
            "\(Self.name):2: seconds 1 is out of range; using 2 (seconds are 2 to 20)",
            "--seconds 50 is out of range; using 20 (seconds are 2 to 20)",
        ])
    }

    @Test("a bad line is an error naming the file and the line", arguments: [
        ("seconds 8\n\ncolr red\n", "3: unknown option 'colr'"),
        ("--colr=red", "1: unknown option 'colr'"),
        ("file cues.txt", "1: option 'file' is for the command line only"),
        ("--snapshot", "1: option 'snapshot' is for the command line only"),
        ("config other", "1: option 'config' is for the command line only"),
        ("no-config", "1: option 'no-config' is for the command line only"),
        ("help", "1: option 'help' is for the command line only"),
        ("once yes", "1: option 'once' takes no value"),
        ("once=", "1: option 'once' takes no value"),
        ("seconds", "1: option 'seconds' needs a value"),
        ("= 8", "1: no option name before '='"),
        ("seconds = fast", "1: 'seconds' needs a number, not 'fast'"),
        ("speed 9999", "1: 'speed': speed 9999 is out of range: speed is in characters a second now, -20 to 20 (default 5)"),
        ("speed 24", "1: 'speed': speed 24 is out of range: speed is in characters a second now, -20 to 20 (default 5); "
            + "24 LED columns a second, the old unit, was about 1.3 at 80x24"),
        ("style neon", "1: unknown style 'neon' (use dots, blocks, half, braille)"),
        ("events -", "1: 'events -' is refused: standard output is the sign; give a file name (or /dev/stderr with 2>FILE)"),
        ("s 8", "1: unknown option 's'"),
        ("-s 8", "1: unknown option '-s'"),
    ])
    func badLine(text: String, message: String) {
        #expect(error(text) == "\(Self.name):\(message)")
    }

    @Test("the file's error comes before the command line's value errors, after its option errors")
    func errorOrder() {
        #expect(error("style neon", ["--speed", "fast", "x"])?.hasPrefix(Self.name + ":1:") == true)
        #expect(error("style neon", ["--bogus"]) == "unknown option '--bogus'")
    }

    @Test("hostile bytes: NUL, invalid UTF-8, a 1 MB line, lone CRs, escapes in values")
    func hostile() throws {
        #expect(error(Array("seconds 8\nspeed 3\0\n".utf8)) == "\(Self.name):2: contains a NUL byte (not a text file)")
        #expect(error([0x6F, 0x6E, 0x63, 0x65, 0x0A, 0x73, 0xFF, 0xFE]) == "\(Self.name):2: not valid UTF-8 text")
        let long = error("speed " + String(repeating: "9", count: 1_048_576))
        #expect(long?.hasPrefix("\(Self.name):1: 'speed': speed ") == true)
        #expect((long?.count ?? .max) < 200, "a huge value is quoted cut, not whole")
        // Old Mac line ends are not line ends: the line's value holds the CR.
        #expect(error("seconds 8\rspeed 3\r") == "\(Self.name):1: 'seconds' needs a number, not '8\rspeed 3'")
        let escape = try #require(error("style \u{1B}]0;owned\u{7}\u{202E}"))
        let shown = TerminalText.visible("ledmarquee: \(escape)")
        #expect(shown.contains("\\e]0;owned\\x07\\u{202E}"), "\(shown)")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        // A BOM from an editor is not part of the first option's name.
        #expect(try run([0xEF, 0xBB, 0xBF] + Array("seconds 9\r\n".utf8)).options.seconds == 9)
        #expect(try run("").options == (try run("\n\n# only comments\n").options))
    }

    @Test("the standard path: XDG_CONFIG_HOME if absolute, else HOME/.config")
    func standardPath() {
        #expect(ConfigFile.standardPath(["XDG_CONFIG_HOME": "/x/conf/", "HOME": "/home/u"]) == "/x/conf/ledmarquee/config")
        #expect(ConfigFile.standardPath(["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.config/ledmarquee/config")
        #expect(ConfigFile.standardPath(["XDG_CONFIG_HOME": "", "HOME": "/home/u/"]) == "/home/u/.config/ledmarquee/config")
        #expect(ConfigFile.standardPath(["HOME": "/"]) == "/.config/ledmarquee/config")
        #expect(ConfigFile.standardPath(["HOME": ""]) == nil)
        #expect(ConfigFile.standardPath([:]) == nil)
    }

    @Test("the standard file is read from XDG_CONFIG_HOME or HOME; none there is no config")
    func standardFile() throws {
        let xdg = try Folder()
        let home = try Folder()
        try home.write(".config/ledmarquee/config", "seconds 7\n")
        let both = ["XDG_CONFIG_HOME": xdg.path, "HOME": home.path]
        let onlyHome = ["HOME": home.path]
        #expect(try parse(["x"], onlyHome).seconds == 7)
        #expect(try parse(["x"], both).seconds == 5, "XDG_CONFIG_HOME set: HOME is not looked at")
        try xdg.write("ledmarquee/config", "seconds 9\nonce\n")
        #expect(try parse(["x"], both).seconds == 9)
        #expect(try parse(["-s", "3", "x"], both).seconds == 3)
        #expect(try parse(["--no-config", "x"], both) == Options.with(message: "x"))
        #expect(try parse(["--config", home.path + "/.config/ledmarquee/config", "x"], both).seconds == 7)
        #expect(try parse(["--config", home.path + "/.config/ledmarquee/config", "--no-config", "x"], both).seconds == 5)
        #expect(try parse(["--no-config", "--config", home.path + "/.config/ledmarquee/config", "x"], both).seconds == 7)
        // HOME/.config being a file is no config, as no file is.
        let odd = try Folder()
        try odd.write(".config", "not a folder")
        #expect(try parse(["x"], ["HOME": odd.path]).seconds == 5)
    }

    @Test("a bad standard file is an error, --help still works")
    func badStandardFile() throws {
        let xdg = try Folder()
        let path = try xdg.write("ledmarquee/config", "colr red\n")
        let environment = ["XDG_CONFIG_HOME": xdg.path]
        #expect(throws: UsageError("\(path):1: unknown option 'colr'")) { try CommandLineParser.parse(["x"], environment: environment) }
        #expect(try CommandLineParser.parse(["--help"], environment: environment) == .help)
        #expect(try CommandLineParser.parse(["--version"], environment: environment) == .version)
        #expect(try parse(["--no-config", "x"], environment).seconds == 5)
    }

    @Test("--config: a missing file, a directory, a FIFO, a huge file are errors, at once")
    func namedFileErrors() throws {
        let folder = try Folder()
        let missing = folder.path + "/nope"
        #expect(throws: UsageError("\(missing): cannot read config file: No such file or directory")) {
            try CommandLineParser.parse(["--config", missing, "x"])
        }
        #expect(throws: UsageError("\(folder.path): cannot read config file: Is a directory")) {
            try CommandLineParser.parse(["--config=\(folder.path)", "x"])
        }
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = ContinuousClock.now
        #expect(throws: UsageError("\(fifo): cannot read config file: not a regular file")) {
            try CommandLineParser.parse(["--config", fifo, "x"])
        }
        #expect(ContinuousClock.now - started < .seconds(1))
        let huge = try folder.write("huge", String(repeating: "# padding\n", count: 7_000))
        #expect(throws: UsageError("\(huge): cannot read config file: larger than 64 KiB")) {
            try CommandLineParser.parse(["--config", huge, "x"])
        }
        let fits = try folder.write("fits", String(repeating: "#", count: ConfigFile.maximumBytes - 10) + "\nonce\n")
        #expect(try parse(["--config", fits, "x"], [:]).once)
    }

    func parse(_ arguments: [String], _ environment: [String: String]) throws -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments, environment: environment) else {
            Issue.record("expected a run command")
            return Options()
        }
        return options
    }
}

extension Options {
    static func with(message: String) -> Options {
        var options = Options()
        options.message = message
        return options
    }
}
