import Foundation
import Testing
@testable import MarqueeCore
import TestSupport

/// Reads the hand-written fonts under Tests/Fixtures/fonts.
enum FontFixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: FixturePaths.font(name)))
    }
}

/// A glyph as text rows of `#` and `.`, top of the line box first, so
/// expectations read like the bitmap they describe.
func fontPicture(_ glyph: Glyph?) -> [String] {
    guard let glyph else { return ["<nil>"] }
    return (0..<glyph.height).map { row in
        String(glyph.columns.indices.map { glyph.isLit(x: $0, row: row) ? "#" : "." })
    }
}

@Suite("BDF fonts")
struct FontBDFTests {
    let font: BDFFont

    init() throws {
        font = try BDFFont(bytes: FontFixtures.bytes("tiny.bdf"), name: "tiny.bdf")
    }

    @Test("the line box comes from FONT_ASCENT and FONT_DESCENT")
    func lineBox() {
        #expect(font.ascent == 7)
        #expect(font.descent == 2)
        // ENCODING -1 is skipped, so five of the six glyphs are reachable.
        #expect(font.glyphCount == 5)
        #expect(font.glyph(for: "A")?.ascent == 7)
        #expect(font.glyph(for: "A")?.descent == 2)
    }

    @Test("a capital sits on the baseline and keeps its DWIDTH spacing")
    func capital() {
        #expect(fontPicture(font.glyph(for: "A")) == [
            ".###..",
            "#...#.",
            "#...#.",
            "#####.",
            "#...#.",
            "#...#.",
            "#...#.",
            "......",
            "......",
        ])
    }

    @Test("a negative BBX y offset puts the descender below the baseline")
    func descender() {
        #expect(fontPicture(font.glyph(for: "g")) == [
            "......",
            "......",
            "......",
            ".####.",
            "#...#.",
            "#...#.",
            ".####.",
            "....#.",
            "####..",
        ])
    }

    @Test("DWIDTH wider than the bitmap gives blank columns, BBX x offset shifts it")
    func advanceWiderThanBitmap() {
        let glyph = font.glyph(for: "i")
        #expect(glyph?.advance == 4)
        #expect(fontPicture(glyph) == [
            ".#..",
            "....",
            ".#..",
            ".#..",
            ".#..",
            ".#..",
            ".#..",
            "....",
            "....",
        ])
    }

    @Test("a glyph reaching left of its origin is widened, not clipped")
    func negativeXOffset() {
        #expect(fontPicture(font.glyph(for: "j")) == [
            "..#..",
            ".....",
            "..#..",
            "..#..",
            "..#..",
            "..#..",
            "..#..",
            "..#..",
            "##...",
        ])
    }

    @Test("a positive BBX y offset lifts the bitmap above the baseline")
    func raisedGlyph() {
        #expect(fontPicture(font.glyph(for: "-")) == [
            ".....",
            ".....",
            ".....",
            "####.",
            ".....",
            ".....",
            ".....",
            ".....",
            ".....",
        ])
    }

    @Test("characters the font lacks are nil, including the space")
    func missing() {
        #expect(font.glyph(for: "B") == nil)
        #expect(font.glyph(for: " ") == nil)
        #expect(font.glyph(for: "\u{0}") == nil)
    }

    @Test("CRLF line endings, a byte order mark and tabs parse the same")
    func windowsLineEndings() throws {
        let text = String(decoding: try FontFixtures.bytes("tiny.bdf"), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: "\r\n")
            .replacingOccurrences(of: "BBX 5 7 0 0", with: "BBX\t5 7  0 0")
        let crlf = try BDFFont(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), name: "crlf.bdf")
        for scalar in "Agij-".unicodeScalars {
            #expect(crlf.glyph(for: scalar) == font.glyph(for: scalar))
        }
    }

    @Test("without FONT_ASCENT/FONT_DESCENT the bounding box gives the line box")
    func lineBoxFromBoundingBox() throws {
        let text = """
            STARTFONT 2.1
            FONTBOUNDINGBOX 4 6 0 -1
            STARTCHAR bar
            ENCODING 124
            DWIDTH 2 0
            BBX 1 6 0 -1
            BITMAP
            80
            80
            80
            80
            80
            80
            ENDCHAR
            ENDFONT
            """
        let font = try BDFFont(bytes: Array(text.utf8), name: "bar.bdf")
        #expect(font.ascent == 5)
        #expect(font.descent == 1)
        #expect(fontPicture(font.glyph(for: "|")) == ["#.", "#.", "#.", "#.", "#.", "#."])
    }

    @Test("pixels outside the line box are clipped; the first of two glyphs for a code point wins")
    func clippingAndDuplicates() throws {
        let text = """
            STARTFONT 2.1
            FONTBOUNDINGBOX 2 2 0 0
            FONT_ASCENT 2
            FONT_DESCENT 0
            STARTCHAR tall
            ENCODING 88
            DWIDTH 2 0
            BBX 1 4 0 -1
            BITMAP
            80
            00
            80
            80
            ENDCHAR
            STARTCHAR again
            ENCODING 88
            DWIDTH 5 0
            BBX 1 1 0 0
            BITMAP
            80
            ENDCHAR
            ENDFONT
            """
        let font = try BDFFont(bytes: Array(text.utf8), name: "clip.bdf")
        // Rows -1 and 2 of the line box do not exist; rows 0 and 1 remain.
        #expect(fontPicture(font.glyph(for: "X")) == ["..", "#."])
    }
}

@Suite("Unifont .hex fonts")
struct FontUnifontHexTests {
    let font: UnifontHexFont

    init() throws {
        font = try UnifontHexFont(bytes: FontFixtures.bytes("tiny.hex"), name: "tiny.hex")
    }

    @Test("an 8-wide glyph keeps all 8 columns in the 14+2 line box")
    func narrowGlyph() {
        let glyph = font.glyph(for: "A")
        #expect(glyph?.ascent == 14)
        #expect(glyph?.descent == 2)
        #expect(fontPicture(glyph) == [
            "........",
            "........",
            "........",
            "........",
            "...##...",
            "..#..#..",
            ".#....#.",
            ".#....#.",
            ".######.",
            ".#....#.",
            ".#....#.",
            ".#....#.",
            ".#....#.",
            ".#....#.",
            "........",
            "........",
        ])
    }

    @Test("a 64-digit line is a 16-wide glyph")
    func wideGlyph() {
        let glyph = font.glyph(for: "日")
        #expect(glyph?.advance == 16)
        #expect(fontPicture(glyph) == [
            "................",
            "..###########...",
            "..#.........#...",
            "..#.........#...",
            "..#.........#...",
            "..#.........#...",
            "..#.........#...",
            "..###########...",
            "..#.........#...",
            "..#.........#...",
            "..#.........#...",
            "..#.........#...",
            "..#.........#...",
            "..###########...",
            "................",
            "................",
        ])
    }

    @Test("unsorted lines are found, the first of duplicates wins, repeats hit the cache")
    func lookup() {
        #expect(font.glyphCount == 3)
        let first = font.glyph(for: "A")
        #expect(first == font.glyph(for: "A"))
        // The duplicate 0041 line is all lit; the first definition is not.
        #expect(first?.columns.contains(UInt64(0xFFFF)) == false)
        #expect(font.glyph(for: " ")?.columns == [UInt64](repeating: 0, count: 8))
        #expect(font.glyph(for: "B") == nil)
        #expect(font.glyph(for: "\u{10FFFF}") == nil)
    }

    @Test("blank lines and CRLF endings are accepted")
    func lenientLines() throws {
        let text = "\r\n0041:00000000182442427E42424242420000\r\n\n0042:" + String(repeating: "F", count: 32)
        let font = try UnifontHexFont(bytes: Array(text.utf8), name: "crlf.hex")
        #expect(font.glyphCount == 2)
        #expect(font.glyph(for: "B")?.columns == [UInt64](repeating: 0xFFFF, count: 8))
    }
}

@Suite("Font format detection")
struct FontFormatTests {
    @Test("STARTFONT means BDF, a .hex name or a hex-shaped first line means Unifont")
    func formats() throws {
        #expect(try FontParser.format(of: Array("STARTFONT 2.1\n".utf8), name: "x.hex") == .bdf)
        #expect(try FontParser.format(of: Array("\n  STARTFONT 2.1\n".utf8), name: "font") == .bdf)
        #expect(try FontParser.format(of: Array("junk".utf8), name: "font.HEX") == .unifontHex)
        #expect(try FontParser.format(of: Array("0041:0000".utf8), name: "font.txt") == .unifontHex)
    }

    @Test("parsed fonts come with a space even when the file has none")
    func parsedFontHasSpace() throws {
        let font = try FontParser.parse(bytes: FontFixtures.bytes("tiny.bdf"), name: "tiny.bdf")
        #expect(font.glyph(for: " ")?.advance == 3)
        #expect(font.ascent == 7 && font.descent == 2)
        let hex = try FontParser.parse(bytes: FontFixtures.bytes("tiny.hex"), name: "tiny.hex")
        #expect(hex.glyph(for: "日")?.advance == 16)
    }
}

/// One broken fixture file and the error it must produce.
struct BrokenFontFile: Sendable, CustomTestStringConvertible {
    var file: String
    var kind: FontError.Kind
    var description: String
    var testDescription: String { file }
}

@Suite("Broken font files")
struct FontBrokenFileTests {
    static let cases: [BrokenFontFile] = [
        BrokenFontFile(file: "empty.bdf", kind: .empty, description: "empty.bdf: file is empty"),
        BrokenFontFile(
            file: "not-a-font.png", kind: .notAFont,
            description: #"not-a-font.png:1: not a BDF or .hex font (it starts "\x89PNG")"#),
        BrokenFontFile(
            file: "random.txt", kind: .notAFont,
            description: #"random.txt:1: not a BDF or .hex font (it starts "Dear reader,")"#),
        BrokenFontFile(
            file: "truncated.bdf", kind: .truncated,
            description: #"truncated.bdf:6: glyph "A" has no ENDCHAR"#),
        BrokenFontFile(
            file: "no-endfont.bdf", kind: .truncated,
            description: "no-endfont.bdf:18: file ends without ENDFONT"),
        BrokenFontFile(
            file: "bad-hex.bdf", kind: .badHexDigit,
            description: #"bad-hex.bdf:13: bad hex digit "G" in bitmap row "8G""#),
        BrokenFontFile(
            file: "bbx-mismatch.bdf", kind: .bitmapRowCount,
            description: "bbx-mismatch.bdf:9: BBX height 7 does not match 3 bitmap rows"),
        BrokenFontFile(
            file: "huge.bdf", kind: .sizeOutOfRange,
            description: "huge.bdf:9: BBX height 99 exceeds 64 rows"),
        BrokenFontFile(
            file: "negative.bdf", kind: .sizeOutOfRange,
            description: "negative.bdf:8: DWIDTH -6 is negative"),
        BrokenFontFile(
            file: "bad-digits.hex", kind: .badHexDigit,
            description: #"bad-digits.hex:2: bad hex digit "Z" in glyph 0041"#),
        BrokenFontFile(
            file: "bad-length.hex", kind: .syntax,
            description: "bad-length.hex:3: glyph 0041 has 15 hex digits; expected 32 (8x16) or 64 (16x16)"),
    ]

    @Test("each broken file names itself, the line and the problem", arguments: cases)
    func broken(_ expected: BrokenFontFile) throws {
        let bytes = try FontFixtures.bytes(expected.file)
        let error = #expect(throws: FontError.self) {
            _ = try FontParser.parse(bytes: bytes, name: expected.file)
        }
        #expect(error?.kind == expected.kind)
        #expect(error?.description == expected.description)
    }
}
