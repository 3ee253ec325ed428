import Testing
@testable import MarqueeCore

/// An inline font text, broken in exactly one way, and the error it must give.
struct HostileFont: Sendable, CustomTestStringConvertible {
    var label: String
    var name: String
    var text: String
    var kind: FontError.Kind
    var description: String
    var testDescription: String { label }
}

/// A valid BDF prologue, so each case below breaks one thing only.
private let prologue = """
    STARTFONT 2.1
    FONTBOUNDINGBOX 6 9 0 -2
    FONT_ASCENT 7
    FONT_DESCENT 2

    """

/// A complete glyph with the given BBX line (line 4 of the glyph).
private func glyph(bbx: String = "BBX 1 2 0 0", dwidth: String = "DWIDTH 2 0", rows: [String] = ["80", "80"]) -> String {
    "STARTCHAR g\nENCODING 65\n\(dwidth)\n\(bbx)\nBITMAP\n" + rows.map { $0 + "\n" }.joined() + "ENDCHAR\n"
}

@Suite("Hostile font input")
struct FontHostileInputTests {
    static let cases: [HostileFont] = [
        HostileFont(
            label: "whitespace only", name: "f.bdf", text: " \n\t\r\n", kind: .empty,
            description: "f.bdf: file is empty"),
        HostileFont(
            label: "line box taller than 64 rows", name: "f.bdf",
            text: "STARTFONT 2.1\nFONT_ASCENT 60\nFONT_DESCENT 10\n" + glyph() + "ENDFONT\n", kind: .sizeOutOfRange,
            description: "f.bdf:3: line box of 70 rows (ascent 60 + descent 10) exceeds 64"),
        HostileFont(
            label: "negative FONT_ASCENT", name: "f.bdf",
            text: "STARTFONT 2.1\nFONT_ASCENT -1\n", kind: .sizeOutOfRange,
            description: "f.bdf:2: FONT_ASCENT -1 is negative"),
        HostileFont(
            label: "line box of no rows", name: "f.bdf",
            text: "STARTFONT 2.1\nFONT_ASCENT 0\nFONT_DESCENT 0\n" + glyph() + "ENDFONT\n", kind: .sizeOutOfRange,
            description: "f.bdf:3: line box has no rows"),
        HostileFont(
            label: "no line box at all", name: "f.bdf",
            text: "STARTFONT 2.1\n" + glyph() + "ENDFONT\n", kind: .syntax,
            description: "f.bdf:2: no FONT_ASCENT/FONT_DESCENT or FONTBOUNDINGBOX before the first glyph"),
        HostileFont(
            label: "CHARS beyond 65536", name: "f.bdf",
            text: prologue + "CHARS 70000\n", kind: .sizeOutOfRange,
            description: "f.bdf:5: CHARS 70000 exceeds 65536 glyphs"),
        HostileFont(
            label: "BBX wider than 256", name: "f.bdf",
            text: prologue + glyph(bbx: "BBX 300 2 0 0"), kind: .sizeOutOfRange,
            description: "f.bdf:8: BBX width 300 exceeds 256 columns"),
        HostileFont(
            label: "negative BBX width", name: "f.bdf",
            text: prologue + glyph(bbx: "BBX -5 2 0 0"), kind: .sizeOutOfRange,
            description: "f.bdf:8: BBX width -5 is negative"),
        HostileFont(
            label: "absurd BBX offset", name: "f.bdf",
            text: prologue + glyph(bbx: "BBX 1 2 5000 0"), kind: .sizeOutOfRange,
            description: "f.bdf:8: BBX offset 5000 0 is out of range"),
        HostileFont(
            label: "number that would overflow", name: "f.bdf",
            text: prologue + glyph(dwidth: "DWIDTH 999999999999999999999999999999 0"), kind: .sizeOutOfRange,
            description: #"f.bdf:7: DWIDTH value "999999999999999999999999…" is absurdly large"#),
        HostileFont(
            label: "advance and offset together too wide", name: "f.bdf",
            text: prologue + glyph(bbx: "BBX 100 2 200 0", dwidth: "DWIDTH 250 0", rows: [String](repeating: String(repeating: "F", count: 26), count: 2)),
            kind: .sizeOutOfRange,
            description: #"f.bdf:8: glyph "g" is 300 columns wide, more than 256"#),
        HostileFont(
            label: "more bitmap rows than BBX height", name: "f.bdf",
            text: prologue + glyph(rows: ["80", "80", "80"]), kind: .bitmapRowCount,
            description: "f.bdf:8: BBX height 2 does not match 3 bitmap rows"),
        HostileFont(
            label: "BBX height but no BITMAP", name: "f.bdf",
            text: prologue + "STARTCHAR g\nENCODING 65\nBBX 1 2 0 0\nENDCHAR\nENDFONT\n", kind: .bitmapRowCount,
            description: "f.bdf:7: BBX height 2 does not match 0 bitmap rows"),
        HostileFont(
            label: "next glyph starts before ENDCHAR", name: "f.bdf",
            text: prologue + "STARTCHAR first\nENCODING 65\nBBX 1 1 0 0\nBITMAP\n80\n" + glyph() + "ENDFONT\n",
            kind: .truncated, description: #"f.bdf:5: glyph "first" has no ENDCHAR"#),
        HostileFont(
            label: "ENDFONT inside a glyph", name: "f.bdf",
            text: prologue + "STARTCHAR g\nENCODING 65\nENDFONT\n", kind: .truncated,
            description: #"f.bdf:5: glyph "g" has no ENDCHAR"#),
        HostileFont(
            label: "STARTFONT and nothing else", name: "f.bdf",
            text: "STARTFONT 2.1\n", kind: .truncated,
            description: "f.bdf:1: file ends without ENDFONT"),
        HostileFont(
            label: "a font with no glyphs", name: "f.bdf",
            text: prologue + "CHARS 0\nENDFONT\n", kind: .syntax,
            description: "f.bdf:6: font has no glyphs"),
        HostileFont(
            label: "words where a number belongs", name: "f.bdf",
            text: prologue + "STARTCHAR g\nENCODING sixty-five\n", kind: .syntax,
            description: #"f.bdf:6: ENCODING expects a number, found "sixty-five""#),
        HostileFont(
            label: "BBX with too few numbers", name: "f.bdf",
            text: prologue + glyph(bbx: "BBX 1 2"), kind: .syntax,
            description: "f.bdf:8: BBX has too few numbers"),
        HostileFont(
            label: "two words in a bitmap row", name: "f.bdf",
            text: prologue + glyph(rows: ["80 80", "80"]), kind: .badHexDigit,
            description: #"f.bdf:10: bad hex digits in bitmap row "80 80""#),
        HostileFont(
            label: "terminal escape in a glyph name is never echoed raw", name: "f\u{7}.bdf",
            text: prologue + "STARTCHAR \u{1B}[31mevil\n", kind: .truncated,
            description: #"f\x07.bdf:5: glyph "\x1B[31mevil" has no ENDCHAR"#),
        HostileFont(
            label: "BDF without STARTFONT first", name: "f.bdf",
            text: "COMMENT hello\nSTARTFONT 2.1\n", kind: .notAFont,
            description: #"f.bdf:1: not a BDF or .hex font (it starts "COMMENT hello")"#),
        HostileFont(
            label: "code point beyond Unicode", name: "f.hex",
            text: "110000:" + String(repeating: "0", count: 32) + "\n", kind: .sizeOutOfRange,
            description: #"f.hex:1: code point "110000" is beyond Unicode"#),
        HostileFont(
            label: "seven-digit code point", name: "f.hex",
            text: "0000041:" + String(repeating: "0", count: 32) + "\n", kind: .sizeOutOfRange,
            description: #"f.hex:1: code point "0000041" is beyond Unicode"#),
        HostileFont(
            label: "hex line without a colon after valid lines", name: "f.hex",
            text: "0041:" + String(repeating: "0", count: 32) + "\n0042 " + String(repeating: "0", count: 32) + "\n",
            kind: .syntax, description: "f.hex:2: expected CODEPOINT:HEXDIGITS"),
        HostileFont(
            label: "prose named .hex", name: "f.hex",
            text: "Hello, world\n", kind: .notAFont,
            description: #"f.hex:1: not a Unifont .hex font: line starts "Hello, world""#),
        HostileFont(
            label: "hex line with 33 digits", name: "f.hex",
            text: "0041:" + String(repeating: "0", count: 33), kind: .syntax,
            description: "f.hex:1: glyph 0041 has 33 hex digits; expected 32 (8x16) or 64 (16x16)"),
        HostileFont(
            label: "hex line with trailing junk", name: "f.hex",
            text: "0041:" + String(repeating: "0", count: 32) + " # A\n", kind: .badHexDigit,
            description: #"f.hex:1: bad hex digit " " in glyph 0041"#),
        HostileFont(
            label: "hex file of blank lines", name: "f.hex",
            text: "\n\n\r\n", kind: .empty, description: "f.hex: file is empty"),
    ]

    @Test("each broken input gives one clear error", arguments: cases)
    func hostile(_ expected: HostileFont) {
        let error = #expect(throws: FontError.self) {
            _ = try FontParser.parse(bytes: Array(expected.text.utf8), name: expected.name)
        }
        #expect(error?.kind == expected.kind)
        #expect(error?.description == expected.description)
    }

    @Test("binary junk never crashes and gives a one-line description")
    func binaryJunk() {
        var generator = FontJunkGenerator(seed: 0x5EED)
        for round in 0..<200 {
            let count = Int(generator.next() % 512)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Half the rounds look like a font at first, to reach the parsers.
            if round.isMultiple(of: 2) { bytes = Array("STARTFONT 2.1\nFONT_ASCENT 7\n".utf8) + bytes }
            for name in ["junk.bdf", "junk.hex"] {
                do {
                    let font = try FontParser.parse(bytes: bytes, name: name)
                    _ = font.glyph(for: "A")
                } catch {
                    #expect(!error.description.contains("\n"))
                    #expect(!error.description.contains("\u{1B}"))
                }
            }
        }
    }

    @Test("more glyphs than the limit is refused at the first one too many")
    func tooManyGlyphs() {
        let one = "STARTCHAR x\nENCODING -1\nDWIDTH 1 0\nBBX 0 0 0 0\nBITMAP\nENDCHAR\n"
        let text = prologue + String(repeating: one, count: 11) + "ENDFONT\n"
        #expect(throws: Never.self) { _ = try BDFFont(bytes: Array(text.utf8), name: "many.bdf", glyphLimit: 11) }
        let error = #expect(throws: FontError.self) {
            _ = try BDFFont(bytes: Array(text.utf8), name: "many.bdf", glyphLimit: 10)
        }
        #expect(error?.description == "many.bdf:65: more than 10 glyphs")
        #expect(BDFFont.maximumGlyphs == 65_536)
    }
}

/// A tiny deterministic generator, so the junk is the same on every run.
struct FontJunkGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
