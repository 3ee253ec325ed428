import MarqueeCore
import Testing
@testable import MarqueeApp

/// `--brightness` and the `brightness` of a deck entry, a control request
/// and `ledmarquee send` (docs/display.md, "Brightness"): each reaches the
/// sign as a whole percentage from 1 to 100, and anything else is one line
/// saying so.
@Suite("Brightness option and fields")
struct BrightnessOptionTests {
    static func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments) else {
            Issue.record("not a run")
            return Options()
        }
        return options
    }

    @Test("--brightness reaches the player's settings; 40% is 40; the default is 100", arguments: [
        (["--brightness", "40", "x"], 40), (["--brightness=40%", "x"], 40), (["--brightness", "1", "x"], 1),
        (["--brightness", "100", "x"], 100), (["x"], 100),
    ])
    func option(arguments: [String], percent: Int) throws {
        let settings = Program.playerSettings(try Self.options(arguments), cueCount: 1)
        #expect(settings.brightness.percent == percent)
    }

    @Test("anything else is a usage error naming the rule", arguments: [
        "0", "101", "-1", "-40", "abc", "40.5", "0.4", "1e2", "", "50 %", "1e308", "99999999999999999999", "nan",
    ])
    func refused(value: String) {
        #expect(throws: UsageError("'--brightness' must be a whole number from 1 to 100 (percent), not '\(value)'")) {
            try CommandLineParser.parse(["--brightness", value, "x"])
        }
    }

    @Test("the config file takes it as the command line does, and the command line wins")
    func configFile() throws {
        guard case .run(let options, _) = try CommandLineParser.parse(["x"], configBytes: Array("brightness = 30%\n".utf8),
                                                                      configName: "config") else {
            Issue.record("not a run")
            return
        }
        #expect(options.brightness.percent == 30)
        guard case .run(let overridden, _) = try CommandLineParser.parse(["--brightness", "90", "x"], configBytes: Array("brightness 30\n".utf8),
                                                                         configName: "config") else {
            Issue.record("not a run")
            return
        }
        #expect(overridden.brightness.percent == 90)
        #expect(throws: UsageError("config:1: 'brightness' must be a whole number from 1 to 100 (percent), not '0'")) {
            try CommandLineParser.parse(["x"], configBytes: Array("brightness 0\n".utf8), configName: "config")
        }
    }

    // MARK: Decks

    static func deck(_ text: String) throws(CueFileParser.ParseError) -> [Cue] {
        try CueFileParser.parse(Array(text.utf8), name: "deck.json", isDeck: true, defaultSeconds: 5).cues
    }

    @Test("a deck entry's brightness reaches its cue; null and absent are the sign's")
    func deckEntry() throws {
        let cues = try Self.deck(#"[{"text": "A", "brightness": 40}, {"text": "B", "brightness": 1.0}, {"text": "C", "brightness": null}, "D"]"#)
        #expect(cues.map(\.look.brightness) == [Brightness(percent: 40), Brightness(percent: 1), nil, nil])
    }

    @Test("a deck entry's brightness that is not a whole number from 1 to 100 is one line naming the entry", arguments: [
        #"0"#, #"101"#, #"-5"#, #"40.5"#, #"0.4"#, #"1e308"#, #"-1e308"#, #""40""#, #""40%""#, #"true"#, #"[40]"#, #"{"percent": 40}"#,
    ])
    func deckRefused(value: String) {
        #expect(throws: CueFileParser.ParseError(#"deck.json: entry 2: "brightness" must be a whole number from 1 to 100 (percent)"#)) {
            try Self.deck(#"["A", {"text": "B", "brightness": "# + value + "}]")
        }
    }

    // MARK: Control requests and the fleet

    static func request(_ text: String, origin: RequestFields.Origin = .socket) -> Result<ControlRequest, ControlRequestParser.Failure> {
        ControlRequestParser.parse(Array(text.utf8), defaultSeconds: 7, origin: origin)
    }

    @Test("say and a one-text add carry it, from the socket and from the fleet's broker alike", arguments: [
        RequestFields.Origin.socket, .fleet,
    ])
    func requestField(origin: RequestFields.Origin) throws {
        let say = try #require(try Self.request(#"{"cmd":"say","text":"FAILED","brightness":25}"#, origin: origin).get().interrupt)
        #expect(say.cue.look == CueLook(brightness: Brightness(percent: 25)))
        let added = try #require(try Self.request(#"{"cmd":"add","text":"NEW","brightness":100}"#, origin: origin).get().added)
        #expect(added.map(\.look.brightness) == [.full])
        let entries = try #require(try Self.request(#"{"cmd":"add","entries":[{"text":"E","brightness":60}]}"#, origin: origin).get().added)
        #expect(entries.map(\.look.brightness) == [Brightness(percent: 60)])
        let loaded = try #require(try Self.request(#"{"cmd":"load","deck":[{"text":"L","brightness":5}]}"#, origin: origin).get().loaded)
        #expect(loaded.cues.map(\.look.brightness) == [Brightness(percent: 5)])
    }

    @Test("a request's brightness of the wrong kind or out of range is refused, changing nothing", arguments: [
        #"0"#, #"101"#, #"-1"#, #"40.5"#, #"1e308"#, #""40""#, #""40%""#, #"null"#, #"true"#, #"[40]"#,
    ])
    func requestRefused(value: String) {
        let result = Self.request(#"{"cmd":"say","text":"A","brightness":"# + value + "}")
        #expect(result == .failure(.init("'brightness' must be a whole number from 1 to 100 (percent)")))
        #expect(Self.request(#"{"cmd":"add","entries":["A"],"brightness":40}"#)
                == .failure(.init("'add' with 'entries' takes no 'brightness' (each entry has its own)")))
    }

    // MARK: ledmarquee send

    static func send(_ words: [String]) throws -> String? {
        try SendArguments.parse(words, cwd: "/home/me")?.request
    }

    @Test("send --brightness writes the number, 40% as 40")
    func send() throws {
        #expect(try Self.send(["say", "FAILED", "--brightness", "40"]) == #"{"cmd":"say","text":"FAILED","brightness":40}"#)
        #expect(try Self.send(["add", "--brightness=40%", "LATE"]) == #"{"cmd":"add","text":"LATE","brightness":40}"#)
    }

    @Test("send refuses a brightness the sign would refuse, before connecting", arguments: ["0", "101", "-3", "abc", "12.5", "1e2"])
    func sendRefused(value: String) {
        #expect(throws: UsageError("send: '--brightness' must be a whole number from 1 to 100 (percent), not '\(value)'")) {
            try SendArguments.parse(["say", "A", "--brightness", value], cwd: "/")
        }
        #expect(throws: UsageError("send: 'next' takes no --brightness")) {
            try SendArguments.parse(["next", "--brightness", "40"], cwd: "/")
        }
    }

    @Test("the status reply says the brightness the LEDs are drawn at")
    func status() throws {
        var settings = PlayerSettings()
        settings.brightness = Brightness(percent: 35)!
        let state = PlayerState(cues: [Cue(text: "A")], settings: settings)
        guard case .object(let line) = ControlStatus.reply(state.statusSnapshot(at: 0), uptime: 1) else {
            Issue.record("not an object")
            return
        }
        #expect(line.contains(#""style":"dots","brightness":35,"#), "\(line)")
    }
}
