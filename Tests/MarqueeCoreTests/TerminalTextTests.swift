import Testing
@testable import MarqueeCore

@Suite("Terminal text safety")
struct TerminalTextTests {
    @Test("escape sequences and controls never survive", arguments: [
        ("ON\u{1B}[31m AIR", "ON AIR"),
        ("\u{1B}[2J\u{1B}[HCLEAR", "CLEAR"),
        ("title\u{1B}]0;pwned\u{07}!", "title!"),
        ("osc\u{1B}]8;;http://x\u{1B}\\link", "osclink"),
        ("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\end", "dcsend"),
        ("bell\u{07}nul\u{00}del\u{7F}", "bellnuldel"),
        ("c1\u{9B}31mred", "c1red"),
        ("tab\there\nnext\rline", "tab here next line"),
        ("bidi\u{202E}gnirts", "bidignirts"),
        ("trailing escape\u{1B}", "trailing escape"),
        ("unterminated\u{1B}[1;2;3", "unterminated"),
        ("日本 ✓ é", "日本 ✓ é"),
    ])
    func sanitize(input: String, expected: String) {
        let clean = TerminalText.sanitize(input)
        #expect(clean == expected)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("cell widths: wide, zero-width and narrow", arguments: [
        ("A", 1), ("日", 2), ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0), ("😀", 2), ("é", 1),
    ])
    func widths(text: String, width: Int) {
        #expect(TerminalText.cellWidth(of: text) == width)
    }
}

@Suite("Events log records")
struct EventRecordTests {
    @Test("field names and order are stable")
    func lines() {
        #expect(EventRecord.start(version: "1.0", columns: 100, rows: 30).jsonLine(at: 0)
            == #"{"t":0.000,"event":"start","version":"1.0","cols":100,"rows":30}"#)
        #expect(EventRecord.cue(index: 2, count: 3, text: "A \"B\"", automatic: true).jsonLine(at: 12.3456)
            == #"{"t":12.346,"event":"cue","index":2,"count":3,"text":"A \"B\"","automatic":true}"#)
        #expect(EventRecord.policy(fps: 30, animation: true, effects: false, tier: "reduced", thermal: "fair", lowPower: false,
                                   reduceMotion: false, scene: "active").jsonLine(at: 1)
            == #"{"t":1.000,"event":"policy","fps":30,"animation":true,"effects":false,"tier":"reduced","thermal":"fair","lowPower":false,"reduceMotion":false,"scene":"active"}"#)
        #expect(EventRecord.quit.jsonLine(at: 2.5) == #"{"t":2.500,"event":"quit"}"#)
    }

    @Test("control characters in strings are escaped, so a record stays one line")
    func escaping() {
        let line = EventRecord.error(message: "bad\nline\u{1B}[31m\\").jsonLine(at: .nan)
        #expect(line == #"{"t":0.000,"event":"error","message":"bad\nline\u001b[31m\\"}"#)
        #expect(!line.contains("\n"))
    }
}

@Suite("Visible escapes")
struct VisibleEscapeTests {
    @Test("controls, escapes and bidi overrides are shown, not sent", arguments: [
        ("plain", "plain"), ("a\u{1B}[2Jb", "a\\e[2Jb"), ("bell\u{7}", "bell\\x07"), ("two\nlines", "two\\nlines"),
        ("tab\there", "tab\\there"), ("c1\u{9B}31m", "c1\\x9B31m"), ("del\u{7F}", "del\\x7F"), ("rtl\u{202E}x", "rtl\\u{202E}x"),
        ("日本 é", "日本 é"),
    ])
    func visible(input: String, expected: String) {
        #expect(TerminalText.visible(input) == expected)
    }
}
