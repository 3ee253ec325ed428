import MarqueeCore
import Testing
@testable import MarqueeApp

@Suite("Command line")
struct CommandLineParserTests {
    func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments) else {
            Issue.record("expected a run command for \(arguments)")
            return Options()
        }
        return options
    }

    @Test("words join into one message; defaults hold")
    func message() throws {
        let parsed = try options(["HELLO", "WORLD"])
        #expect(parsed.message == "HELLO WORLD")
        #expect(parsed.seconds == 5 && parsed.speed == 5 && parsed.style == .dots && !parsed.once)
    }

    @Test("GNU forms: --opt value, --opt=value, -f FILE, -fFILE, -- ends options")
    func forms() throws {
        #expect(try options(["--speed", "12", "x"]).speed == 12)
        #expect(try options(["--speed=-12", "x"]).speed == -12)
        #expect(try options(["--speed", "-12", "x"]).speed == -12)
        #expect(try options(["-f", "cues.txt"]).file == "cues.txt")
        #expect(try options(["-fcues.txt"]).file == "cues.txt")
        #expect(try options(["-s3", "x"]).seconds == 3)
        #expect(try options(["--", "--not-an-option", "-f"]).message == "--not-an-option -f")
        #expect(try options(["-f", "-"]).file == "-")
        #expect(try options(["-c", "#00FF80", "x"]).color == .solid(red: 0, green: 255, blue: 128))
        #expect(try options(["--thermal", "fair", "--low-power", "on", "x"]).thermal == .fair)
        #expect(try options(["--thermal=auto", "--low-power=off", "x"]).lowPower == false)
        #expect(try options(["-5"]).message == "-5")
        // "=" and a combining mark after it are one character, still "=".
        #expect(try options(["--font=\u{301}x.bdf", "x"]).font == "\u{301}x.bdf")
    }

    @Test("--leds picks the grid; --rows-of-leds the classic sign's height, or fill")
    func grids() throws {
        #expect(try options(["x"]).grid == .fine)
        #expect(try options(["--leds", "round", "x"]).grid == .round)
        #expect(try options(["--leds=SQUARE", "x"]).grid == .square)
        let sized = try options(["--leds", "round", "--rows-of-leds", "16", "x"])
        #expect(sized.rowsOfLEDs == 16)
        #expect(try options(["--leds", "square", "--rows-of-leds", "fill", "x"]).rowsOfLEDs == nil)
    }

    @Test("help and version win over everything else")
    func helpVersion() throws {
        #expect(try CommandLineParser.parse(["-h"]) == .help)
        #expect(try CommandLineParser.parse(["--speed", "3", "--help"]) == .help)
        #expect(try CommandLineParser.parse(["-V"]) == .version)
        #expect(try CommandLineParser.parse(["--version"]) == .version)
    }

    @Test("seconds are sanitized when parsed", arguments: [("1", 2.0), ("99", 20.0), ("nan", 5.0), ("inf", 5.0), ("-inf", 5.0), ("7.5", 7.5)])
    func seconds(text: String, expected: Double) throws {
        #expect(try options(["-s", text, "x"]).seconds == expected)
    }

    @Test("seconds out of range are clamped with one warning, in range with none", arguments: [
        ("1", "--seconds 1 is out of range; using 2 (seconds are 2 to 20)"),
        ("50", "--seconds 50 is out of range; using 20 (seconds are 2 to 20)"),
        ("nan", "--seconds nan is out of range; using 5 (seconds are 2 to 20)"),
        ("inf", "--seconds inf is out of range; using 5 (seconds are 2 to 20)"),
        ("2", nil), ("20", nil), ("7.5", nil),
    ])
    func secondsWarnings(text: String, warning: String?) throws {
        guard case .run(_, let warnings) = try CommandLineParser.parse(["-s", text, "x"]) else {
            Issue.record("expected a run command")
            return
        }
        #expect(warnings == (warning.map { [$0] } ?? []))
    }

    @Test("usage errors say exactly this", arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["-z"], "unknown option '-z'"),
        (["--speed"], "option '--speed' needs a value"),
        (["-s"], "option '-s' needs a value"),
        (["--once=yes"], "option '--once' takes no value"),
        (["--events", "-", "x"],
         "'--events -' is refused: standard output is the sign; give a file name (or /dev/stderr with 2>FILE)"),
        (["--style", "neon", "x"], "unknown style 'neon' (use dots, blocks, half, braille)"),
        (["--thermal", "hot", "x"], "unknown thermal state 'hot' (use auto, nominal, fair, serious, critical)"),
        (["--low-power", "maybe", "x"], "unknown low-power mode 'maybe' (use auto, on, off)"),
        (["--completions", "tcsh"], "unknown shell 'tcsh' (use bash, zsh, fish)"),
        (["--colour", "purple", "x"],
         "unknown colour 'purple' (use red, amber, green, blue, white, cyan, magenta, rainbow or #RRGGBB)"),
        (["--speed", "fast", "x"], "'--speed' needs a number, not 'fast'"),
        (["--scale", "0", "x"], "'--scale' must be auto or a whole number from 1 to 64, not '0'"),
        (["--leds", "huge", "x"], "unknown LED grid 'huge' (use fine, round, square)"),
        (["--rows-of-leds", "6", "--leds", "round", "x"], "'--rows-of-leds' must be fill or a whole number from 7 to 64, not '6'"),
        (["--rows-of-leds", "65", "--leds", "round", "x"], "'--rows-of-leds' must be fill or a whole number from 7 to 64, not '65'"),
        (["--rows-of-leds", "16", "x"], "--rows-of-leds sizes the classic sign's LEDs: it needs --leds round or square"),
        (["--config", ""], "option '--config' needs a file name"),
        (["-f", "a", "message"], "give either a message or --file, not both"),
        (["--style", String(repeating: "x", count: 100), "x"],
         "unknown style '\(String(repeating: "x", count: 64))…' (use dots, blocks, half, braille)"),
    ])
    func exactErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
    }

    @Test("enum values ignore case everywhere")
    func caseInsensitive() throws {
        #expect(try options(["--style", "DOTS", "x"]).style == .dots)
        #expect(try options(["--style=Braille", "x"]).style == .braille)
        #expect(try options(["--thermal", "Serious", "x"]).thermal == .serious)
        #expect(try options(["--thermal", "AUTO", "--thermal", "FAIR", "x"]).thermal == .fair)
        #expect(try options(["--low-power", "ON", "x"]).lowPower == true)
        #expect(try options(["--low-power", "Off", "x"]).lowPower == false)
        #expect(try options(["--scale", "3", "--scale", "AUTO", "x"]).scale == nil)
        #expect(try options(["-c", "AMBER", "x"]).color == LEDColor(parsing: "amber"))
        #expect(try CommandLineParser.parse(["--completions", "BASH"]) == .completions("bash"))
        #expect(try CommandLineParser.parse(["--completions=Zsh"]) == .completions("zsh"))
    }

    @Test("every long name, alias and short letter of the table is recognised by the parser")
    func tableDriven() throws {
        for spec in OptionTable.all {
            let value: String? = switch spec.value {
            case .none: nil
            case .choice(let choices): choices[0]
            case .number: spec.long == "speed" ? "10" : "3"
            case .file, .directory, .text:
                spec.long == "config" ? nil : spec.long == "quiet" ? "22:00-07:00" : spec.long == "mqtt" ? "mqtt://broker"
                    : spec.long == "events-max" ? "64M" : spec.long == "now" ? "Sat 12:00"
                    : spec.long == "export" ? "sign.gif" : spec.long == "feed" ? "https://example.org/feed.xml"
                    : spec.long == "zones" ? "left:OPEN" : "some-file"
            }
            if spec.takesValue, value == nil { continue }  // --config reads its file
            // What each option needs beside it: a message, or live input.
            let rest = switch spec.long {
            case "file", "follow", "feed": [String]()
            case "latest", "format": ["-f", "-"]
            case "quiet-mode": ["--quiet", "22:00-07:00", "x"]
            case "events-max": ["--events", "log.jsonl", "x"]
            case "now": ["--schedule", "x"]
            case "mqtt-topic", "mqtt-password-file": ["--mqtt", "mqtt://broker", "x"]
            case "mqtt-ca": ["--mqtt", "mqtts://broker", "x"]
            case "led-pixels", "duration", "fps": ["--export", "sign.gif", "x"]
            default: ["x"]
            }
            for name in [spec.long] + spec.aliases {
                let arguments = ["--\(name)"] + (value.map { [$0] } ?? []) + rest
                #expect(throws: Never.self, "--\(name)") { try CommandLineParser.parse(arguments) }
            }
            if let letter = spec.short {
                let arguments = ["-\(letter)"] + (value.map { [$0] } ?? []) + rest
                #expect(throws: Never.self, "-\(letter)") { try CommandLineParser.parse(arguments) }
            }
        }
        #expect(try CommandLineParser.parse(["-hV"]) == .help)
        #expect(try options(["--colour=green", "x"]).color == LEDColor(parsing: "green"))
    }

    @Test("hostile input is a one-line usage error", arguments: [
        ["--bogus"], ["-z"], ["--speed"], ["--speed", "fast", "x"], ["--speed", "nan", "x"], ["--speed", "1e9", "x"],
        ["-s", ""], ["-s", "5s", "x"], ["--color", "purple", "x"], ["--color", "#12345", "x"], ["--style", "neon", "x"],
        ["--thermal", "hot", "x"], ["--low-power", "maybe", "x"], ["--probe-interval", "0", "x"], ["--probe-interval", "-1", "x"],
        ["--idle-timeout", "inf", "x"], ["--cols", "0", "--snapshot", "x"], ["--rows", "99999", "--snapshot", "x"],
        ["--at", "-1", "--snapshot", "x"], ["--once=yes"], ["-f", ""], ["-f", "a", "message"], [""], ["   "], ["\u{1B}[2J"],
        ["--file"], ["--events="],
        ["--scale"], ["--scale", "0", "x"], ["--scale", "65", "x"], ["--scale", "-2", "x"], ["--scale", "1.5", "x"],
        ["--scale", "", "x"], ["--scale", "9999999999999999999999", "x"], ["--events", "-", "x"], ["--completions", "tcsh"],
        ["--style", "dots\u{212A}", "x"], ["--completions"], ["--config"], ["--config", "", "x"],
    ])
    func hostile(arguments: [String]) {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
        do {
            _ = try CommandLineParser.parse(arguments)
        } catch {
            #expect(!error.message.contains("\n"))
            #expect(!error.message.isEmpty)
        }
    }

    @Test("--scale takes auto or 1 to 64, in either spelling")
    func scale() throws {
        #expect(try options(["--scale", "3", "x"]).scale == 3)
        #expect(try options(["--scale=64", "x"]).scale == 64)
        #expect(try options(["--scale", "2", "--scale", "auto", "x"]).scale == nil)
        #expect(try options(["x"]).scale == nil)
    }

    @Test("a bad value is quoted with its escapes shown, never sent raw", arguments: [
        ["--style", "neon\u{1B}[2J", "x"], ["--scale", "\u{1B}]0;owned\u{7}", "x"], ["--color", "red\nline two", "x"],
        ["--bogus\u{202E}"],
    ])
    func escapedValues(arguments: [String]) {
        do {
            _ = try CommandLineParser.parse(arguments)
            Issue.record("expected a usage error")
        } catch {
            let shown = TerminalText.visible("ledmarquee: \(error.message)")
            #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
            #expect(shown.contains("\\e") || shown.contains("\\x07") || shown.contains("\\n") || shown.contains("\\u{202E}"))
        }
    }

    @Test("no arguments plays the demo deck, shuffled")
    func demo() throws {
        let parsed = try options([])
        #expect(parsed.message == nil && parsed.file == nil)
        #expect(Program.playerSettings(parsed, cueCount: 40).shuffle)
        #expect(!Program.playerSettings(try options(["hi"]), cueCount: 1).shuffle)
    }
}
