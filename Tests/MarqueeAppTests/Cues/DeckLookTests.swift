import MarqueeCore
import Testing
@testable import MarqueeApp

/// A deck entry's own look (docs/cue-flow.md, "Looks"): read as `seconds`
/// is, and as hostile a file as any other part of the deck.
@Suite("Deck entry looks")
struct DeckLookTests {
    func parse(_ text: String) throws(CueFileParser.ParseError) -> CueFileParser.Result {
        try CueFileParser.parse(Array(text.utf8), name: "deck.json", isDeck: true, defaultSeconds: 5)
    }

    @Test("color (or colour), style, speed, static and blink reach the cue; names in any case; null and absent are the sign's")
    func looks() throws {
        let result = try parse(#"""
            [{"text": "BUILD OK", "color": "green", "style": "BLOCKS", "speed": 8},
             {"text": "FAILED", "colour": "#FF0000", "static": true},
             {"text": "SLOW", "speed": -3.5, "static": false, "color": null, "style": null},
             {"text": "WHEEL", "color": "Rainbow"},
             {"text": "SALE", "blink": true},
             "PLAIN"]
            """#)
        #expect(result.cues.map(\.look) == [
            CueLook(color: LEDColor(parsing: "green"), style: .blocks, speed: 8),
            CueLook(color: .solid(red: 255, green: 0, blue: 0), isStatic: true),
            CueLook(speed: -3.5, isStatic: false),
            CueLook(color: .rainbow),
            CueLook(blink: true),
            .none,
        ])
        #expect(result.notes.isEmpty, "\(result.notes)")
    }

    @Test("speed is in characters a second, -20 to 20; an old deck's LED columns are refused with the figure, naming the entry")
    func speedOldUnitRefused() throws {
        let result = try parse(#"[{"text": "A", "speed": 20}, {"text": "B", "speed": -20}, {"text": "C", "speed": 0.5}]"#)
        #expect(result.cues.map(\.look.speed) == [20, -20, 0.5])
        #expect(result.notes.isEmpty)
        #expect(throws: CueFileParser.ParseError(#"deck.json: entry 2: "speed": speed 24 is out of range: speed is in characters a second now, -20 to 20 (default 5); 24 LED columns a second, the old unit, was about 1.3 at 80x24"#)) {
            try parse(#"["A", {"text": "B", "speed": 24}]"#)
        }
        #expect(throws: CueFileParser.ParseError(#"deck.json: entry 1: "speed": speed 1e+308 is out of range: speed is in characters a second now, -20 to 20 (default 5)"#)) {
            try parse(#"[{"text": "A", "speed": 1e308}]"#)
        }
    }

    @Test("a look value of the wrong kind or an unknown name is one line naming the entry", arguments: [
        (#"[{"text": "x", "color": 5}]"#, #"deck.json: entry 1: "color" must be a string"#),
        (#"[{"text": "x", "colour": true}]"#, #"deck.json: entry 1: "colour" must be a string"#),
        (#"["ok", {"text": "x", "color": "purple"}]"#,
         #"deck.json: entry 2: unknown colour "purple" (use red, amber, green, blue, white, cyan, magenta, rainbow or #RRGGBB)"#),
        (##"[{"text": "x", "color": "#12345"}]"##, "unknown colour \"#12345\""),
        (#"[{"text": "x", "color": "red", "colour": "red"}]"#, #"deck.json: entry 1: "color" and "colour" are one key; give one"#),
        (#"[{"text": "x", "style": 3}]"#, #"deck.json: entry 1: "style" must be a string"#),
        (#"[{"text": "x", "style": "neon"}]"#, #"deck.json: entry 1: unknown style "neon" (use dots, blocks, half, braille)"#),
        (#"[{"text": "x", "speed": "fast"}]"#, #"deck.json: entry 1: "speed" must be a number"#),
        (#"[{"text": "x", "speed": "NaN"}]"#, #"deck.json: entry 1: "speed" must be a number"#),
        (#"[{"text": "x", "speed": [40]}]"#, #"deck.json: entry 1: "speed" must be a number"#),
        (#"[{"text": "x", "static": "yes"}]"#, #"deck.json: entry 1: "static" must be true or false"#),
        (#"[{"text": "x", "static": 1}]"#, #"deck.json: entry 1: "static" must be true or false"#),
        (#"[{"text": "x", "blink": "on"}]"#, #"deck.json: entry 1: "blink" must be true or false"#),
        (#"[{"text": "x", "speed": NaN}]"#, "deck.json:1:25: not valid JSON (unexpected 'N')"),
    ])
    func hostile(deck: String, message: String) {
        do {
            let result = try parse(deck)
            Issue.record("expected an error, got \(result.cues.map(\.look))")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("a number too large for a double is not valid JSON, never an infinite speed")
    func overflowingNumber() {
        #expect(throws: CueFileParser.ParseError("deck.json: not valid JSON")) {
            try parse(#"[{"text": "x", "speed": 1e999}]"#)
        }
    }

    @Test("a hostile colour or style name is quoted escaped and short")
    func hostileName() {
        let name = "\\u001b]0;pwned\\u0007" + String(repeating: "c", count: 100)
        for key in ["color", "style"] {
            do {
                _ = try parse("[{\"text\": \"T\", \"\(key)\": \"\(name)\"}]")
                Issue.record("expected an error for \(key)")
            } catch {
                #expect(error.message.contains(#""\e]0;pwned\x07ccc"#), "\(error.message)")
                #expect(error.message.contains("c…\""), "cut: \(error.message)")
                #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            }
        }
    }
}
