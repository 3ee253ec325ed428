import Foundation
import MarqueeCore
import Testing
@testable import MarqueeApp

@Suite("Cue files")
struct CueFileParserTests {
    func parse(_ text: String, deck: Bool = false, seconds: Double = 5) throws(CueFileParser.ParseError) -> CueFileParser.Result {
        try CueFileParser.parse(Array(text.utf8), name: "cues", isDeck: deck, defaultSeconds: seconds)
    }

    @Test("one message per line; blanks and # comments skipped; trailing space trimmed")
    func lines() throws {
        let result = try parse("# title\nON AIR  \n\n   \nBUILD GREEN\r\n  # indented comment\n")
        #expect(result.cues.map(\.text) == ["ON AIR", "BUILD GREEN"])
        #expect(result.cues.allSatisfy { $0.seconds == 5 })
    }

    @Test("a deck: strings and objects; out-of-range seconds clamped and unknown keys ignored, each with a note naming the entry")
    func deck() throws {
        let result = try parse(#"["PLAIN", {"text": "T", "caption": "C", "seconds": 99, "colr": "x"}, {"text": "U", "seconds": null}, {"text": "V", "secs": 4, "font": "red", "seconds": 1.5}]"#, deck: true, seconds: 3)
        #expect(result.cues == [Cue(text: "PLAIN", seconds: 3), Cue(text: "T", caption: "C", seconds: 20), Cue(text: "U", seconds: 3),
                                Cue(text: "V", seconds: 2)])
        #expect(result.notes == [
            #"cues: entry 2: "seconds" 99 is out of range; using 20 (seconds are 2 to 20)"#,
            #"cues: entry 2: unknown key "colr" ignored (an entry has "text", "caption", "seconds", "color", "style", "speed", "static", "blink", "brightness", "mode", "enter", "exit", "days", "hours", "from", "until")"#,
            #"cues: entry 4: "seconds" 1.5 is out of range; using 2 (seconds are 2 to 20)"#,
            #"cues: entry 4: unknown keys "font", "secs" ignored (an entry has "text", "caption", "seconds", "color", "style", "speed", "static", "blink", "brightness", "mode", "enter", "exit", "days", "hours", "from", "until")"#,
        ])
    }

    @Test("an unknown key is quoted escaped and short: notes reach stderr, the sign and the log")
    func hostileUnknownKey() throws {
        let key = "\\u001b]0;pwned\\u0007" + String(repeating: "k", count: 100)
        let result = try parse("[{\"text\": \"T\", \"\(key)\": 1}]", deck: true)
        let note = try #require(result.notes.first)
        #expect(note.hasPrefix(#"cues: entry 1: unknown key "\e]0;pwned\x07kkk"#), "\(note)")
        #expect(note.contains("k…\" ignored"), "cut: \(note)")
        #expect(!note.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("the built-in demo deck parses: at least 30 terms, each with a caption")
    func demoDeck() throws {
        let result = try parse(BuiltInResources.demoDeck, deck: true)
        #expect(result.cues.count >= 30)
        #expect(result.cues.allSatisfy { $0.caption != nil && !$0.text.isEmpty })
        let font = LEDFont.builtIn
        #expect(result.cues.allSatisfy { !TextLayout(text: $0.text, font: font).usedPlaceholder })
    }

    @Test("a deck that is not JSON names the line and column where it stops being JSON, in characters", arguments: [
        ("[\n  {\"text\": \"A\", \"seconds\": 2},\n  {\"text\": \"B\" \"seconds\": 3}\n]\n",
         "cues:3:16: not valid JSON (unexpected '\"')"),
        ("[{\"text\": \"Ä\", x}]", "cues:1:16: not valid JSON (unexpected 'x')"),
        ("[{\"text\": \"A\"}]\n\n  x", "cues:3:3: not valid JSON (text after the JSON value: 'x')"),
        ("[{\"text\": \"A\"\u{7}}]", "cues:1:14: not valid JSON (unexpected byte 0x07)"),
        // Grammar fine, refused by the decoder: no place to name.
        ("[1e400]", "cues: not valid JSON"),
    ])
    func jsonPlace(text: String, message: String) {
        #expect(throws: CueFileParser.ParseError(message)) { try parse(text, deck: true) }
    }

    @Test("hostile files give one clear line naming the place", arguments: [
        ("", false, "no messages"),
        ("\n\n# only comments\n", false, "no messages"),
        ("ok\nbinary\u{0}junk", false, "binary"),
        ("[1, 2", true, "cues:1:6: not valid JSON (it ends before the JSON value does)"),
        (#"{"text": "x"}"#, true, "JSON array"),
        (#"["ok", 42]"#, true, "entry 2"),
        (#"[{"caption": "no text"}]"#, true, "entry 1"),
        (#"[{"text": "x", "seconds": "five"}]"#, true, "\"seconds\" must be a number"),
        (#"[{"text": "x", "seconds": true}]"#, true, "\"seconds\" must be a number"),
        (#"[{"text": "x", "caption": 3}]"#, true, "\"caption\""),
        (#"[{"text": "   "}]"#, true, "empty"),
        ("[]", true, "no entries"),
    ])
    func hostile(text: String, deck: Bool, mention: String) {
        do {
            _ = try parse(text, deck: deck)
            Issue.record("expected an error for \(text.debugDescription)")
        } catch {
            #expect(error.message.contains(mention), "\(error.message)")
            #expect(error.message.hasPrefix("cues"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("invalid UTF-8 names the line")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("fine\n".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        #expect(throws: CueFileParser.ParseError("cues:2: not valid UTF-8 text")) {
            try CueFileParser.parse(bytes, name: "cues", isDeck: false, defaultSeconds: 5)
        }
    }

    @Test("a huge line is cut cleanly at a character boundary, with a note")
    func hugeLine() throws {
        let line = String(repeating: "é", count: CueFileParser.maximumLineBytes)  // 2 bytes each
        let result = try parse("short\n" + line + "\n")
        #expect(result.cues.count == 2)
        #expect(result.cues[1].text.utf8.count <= CueFileParser.maximumLineBytes)
        #expect(result.cues[1].text.allSatisfy { $0 == "é" })
        #expect(result.notes == ["cues:2: line cut to 65536 bytes"])
    }

    @Test("deck texts and captions get the bound of a text line, with a note")
    func hugeDeckEntry() throws {
        let huge = String(repeating: "日", count: CueFileParser.maximumLineBytes)  // 3 bytes each
        let deck = #"[{"text": "\#(huge)", "caption": "\#(huge)"}, "\#(huge)"]"#
        let result = try parse(deck, deck: true)
        #expect(result.cues.count == 2)
        for cue in result.cues {
            #expect(cue.text.utf8.count <= CueFileParser.maximumLineBytes && cue.text.allSatisfy { $0 == "日" })
        }
        #expect(result.cues[0].caption.map { $0.utf8.count <= CueFileParser.maximumLineBytes } == true)
        #expect(result.notes == ["cues: entry 1: text cut to 65536 bytes", "cues: entry 1: caption cut to 65536 bytes",
                                 "cues: entry 2: text cut to 65536 bytes"])
    }

    @Test("a cut keeps every whole character before the limit", arguments: [1, 2, 3, 4])
    func cutAtBoundary(width: Int) {
        let character = ["a", "é", "日", "😀"][width - 1]
        // Whole characters up to two bytes short of the limit, then one that ends past it or exactly on it.
        let filler = Array(String(repeating: "a", count: CueFileParser.maximumLineBytes - width).utf8)
        let exact = filler + Array(character.utf8) + Array("tail".utf8)
        #expect(CueFileParser.cut(exact).count == CueFileParser.maximumLineBytes, "a character ending on the limit stays")
        let over = filler + [UInt8(ascii: "b")] + Array(character.utf8)
        let kept = CueFileParser.cut(over)
        #expect(String(validating: kept, as: UTF8.self) != nil)
        #expect(kept.count == (width == 1 ? CueFileParser.maximumLineBytes : filler.count + 1))
    }

    @Test("control characters in cues are removed")
    func sanitized() throws {
        #expect(try parse("ON\u{1B}[31m AIR\u{7}\n").cues.map(\.text) == ["ON AIR"])
    }
}

@Suite("Message on the command line")
struct CommandLineMessageTests {
    @Test("a message longer than a cue line is cut to the same bound, with a note")
    func longMessage() throws {
        var options = Options()
        options.message = String(repeating: "日", count: 40_000)  // 120,000 bytes: under Linux's 128 KiB per argument
        let result = try Program.loadCues(options)
        #expect(result.cues.count == 1)
        #expect(result.cues[0].text.utf8.count <= CueFileParser.maximumLineBytes)
        #expect(result.cues[0].text.allSatisfy { $0 == "日" })
        #expect(result.notes == ["message cut to 65536 bytes"])
        options.message = "ON AIR"
        #expect(try Program.loadCues(options).notes.isEmpty)
    }
}
