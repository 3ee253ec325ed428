import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

/// The display modes' names wherever a message is given them
/// (docs/display.md, "Display modes"): `--mode`, `--enter`, `--exit`; a
/// deck entry's `mode`, `enter`, `exit`; `say` and `add` over the control
/// socket. One table (``DisplayModeTable``) answers all of them, so an
/// unknown name is the same line listing the valid names everywhere.
@Suite("Display mode fields")
struct ModeFieldsTests {
    static func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options, _) = try CommandLineParser.parse(arguments) else {
            Issue.record("not a run")
            return Options()
        }
        return options
    }

    static func deck(_ text: String) throws(CueFileParser.ParseError) -> [Cue] {
        try CueFileParser.parse(Array(text.utf8), name: "deck.json", isDeck: true, defaultSeconds: 5).cues
    }

    static let modeNames = "scroll, hold, flash, bounce, cycle, twinkle, vertical"
    static let transitionNames = Transition.allCases.map(\.rawValue).joined(separator: ", ")

    @Test("--mode, --enter and --exit reach the player's settings; the defaults are scroll, fade and cut")
    func options() throws {
        let settings = Program.playerSettings(try Self.options(["--mode", "FLASH", "--enter=wipe-left", "--exit", "dissolve", "x"]),
                                              cueCount: 1)
        #expect(settings.mode == .flash && settings.enter == .wipeLeft && settings.exit == .dissolve)
        let plain = Program.playerSettings(try Self.options(["x"]), cueCount: 1)
        #expect(plain.mode == .scroll && plain.enter == .fade && plain.exit == .cut)
    }

    @Test("an unknown name on the command line is one line listing the valid names")
    func optionRefused() {
        #expect(throws: UsageError("unknown mode 'spin' for 'mode' (use \(Self.modeNames))")) {
            try CommandLineParser.parse(["--mode", "spin", "x"])
        }
        #expect(throws: UsageError("unknown transition 'wipe' for 'exit' (use \(Self.transitionNames))")) {
            try CommandLineParser.parse(["--exit", "wipe", "x"])
        }
        // A mode is not a transition, nor the other way round.
        #expect(throws: UsageError("unknown transition 'hold' for 'enter' (use \(Self.transitionNames))")) {
            try CommandLineParser.parse(["--enter", "hold", "x"])
        }
    }

    @Test("a deck entry's mode, enter and exit reach its look; null and absent are the sign's")
    func deckFields() throws {
        let cues = try Self.deck(#"""
            [{"text": "A", "mode": "bounce", "enter": "typewriter", "exit": "roll-up"},
             {"text": "B", "mode": "Hold", "enter": null},
             "C"]
            """#)
        #expect(cues.map(\.look) == [CueLook(mode: .bounce, enter: .typewriter, exit: .rollUp), CueLook(mode: .hold), .none])
    }

    @Test("a deck entry's unknown or mistyped mode is one line naming the entry", arguments: [
        (#"["ok", {"text": "x", "mode": "spin"}]"#, "deck.json: entry 2: unknown mode 'spin' for 'mode' (use \(modeNames))"),
        (#"[{"text": "x", "enter": "fly"}]"#, "deck.json: entry 1: unknown transition 'fly' for 'enter' (use \(transitionNames))"),
        (#"[{"text": "x", "exit": 3}]"#, #"deck.json: entry 1: "exit" must be a string"#),
        (#"[{"text": "x", "mode": ["hold"]}]"#, #"deck.json: entry 1: "mode" must be a string"#),
    ])
    func deckRefused(deck: String, message: String) {
        #expect(throws: CueFileParser.ParseError(message)) { try Self.deck(deck) }
    }

    @Test("a hostile name is cut at 40 characters and its control characters shown as '?'")
    func hostileName() {
        let long = String(repeating: "w", count: 5000)
        let error = ModeNameError(field: .mode, written: long)
        #expect(error.message == "unknown mode '\(String(repeating: "w", count: 40))'… for 'mode' (use \(Self.modeNames))")
        #expect(ModeNameError(field: .enter, written: "a\u{1B}[2Jb").message.hasPrefix("unknown transition 'a\\e[2Jb' for 'enter'"))
        // C1 controls and bidi overrides too: a terminal acts on them as well.
        #expect(ModeNameError(field: .mode, written: "x\u{9B}2J\u{202E}y").message.hasPrefix("unknown mode 'x\\x9B2J\\u{202E}y' for 'mode'"))
    }

    @Test("say and add take mode, enter and exit; an unknown name is the reply's error")
    func requests() throws {
        let say = try #require(try ControlRequestParser.parse(
            Array(#"{"cmd":"say","text":"FIRE","mode":"flash","enter":"scan","exit":"wipe-out"}"#.utf8), defaultSeconds: 7).get().interrupt)
        #expect(say.cue.look == CueLook(mode: .flash, enter: .scan, exit: .wipeOut))
        let added = try #require(try ControlRequestParser.parse(
            Array(#"{"cmd":"add","text":"OK","mode":"cycle"}"#.utf8), defaultSeconds: 7).get().added)
        #expect(added.map(\.look) == [CueLook(mode: .cycle)])
        guard case .failure(let failure) = ControlRequestParser.parse(Array(#"{"cmd":"say","text":"A","enter":"zoom"}"#.utf8),
                                                                     defaultSeconds: 7) else {
            Issue.record("an unknown transition was taken")
            return
        }
        #expect(failure.message == "unknown transition 'zoom' for 'enter' (use \(Self.transitionNames))")
    }

    @Test("send, its help and the completions know the three fields from the one table")
    func sendKnowsThem() {
        let fields = RemoteCommandTable.look.map(\.field)
        #expect(fields.suffix(3) == ["mode", "enter", "exit"])
        let options = Set(OptionTable.all.map(\.long))
        #expect(options.isSuperset(of: ["mode", "enter", "exit"]))
    }

    @Test("the man page, the README and docs/display.md name every mode and transition of the table")
    func documented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL
        func read(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
        // The man page escapes its hyphens.
        let man = try read("Resources/ledmarquee.1").replacingOccurrences(of: "\\-", with: "-")
        let readme = try read("README.md"), display = try read("docs/display.md")
        for name in DisplayModeTable.Field.mode.names + DisplayModeTable.Field.enter.names {
            #expect(man.contains("\\fB\(name)\\fR"), "the man page lacks \(name)")
            #expect(display.contains("`\(name)`"), "docs/display.md lacks \(name)")
            #expect(readme.contains("`\(name)`"), "the README lacks \(name)")
        }
    }
}
