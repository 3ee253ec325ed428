import Foundation
import Testing
@testable import MarqueeCore

/// Draws each character it is asked for as one column spelling its code
/// point (low 16 bits), so a layout's columns read back as the characters
/// in the order they were placed. It has no combining marks.
private struct CodeFont: GlyphSource {
    func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: nil
        default: Glyph(columns: [UInt64(scalar.value & 0xFFFF)], ascent: 16, descent: 0)
        }
    }
}

/// The code points a ``CodeFont`` layout placed, left to right.
private func placed(_ text: String) -> [UInt32] {
    let layout = TextLayout(text: text, font: CodeFont())
    return (0..<layout.width).map { UInt32(layout.column(at: $0)) }
}

private func columns(_ layout: TextLayout) -> [UInt64] {
    (0..<layout.width).map(layout.column(at:))
}

private func litPixels(_ layout: TextLayout) -> Int {
    columns(layout).reduce(0) { $0 + $1.nonzeroBitCount }
}

private let systemUnifontPath = "/usr/share/unifont/unifont.hex"
private let unifontInstalled = FileManager.default.isReadableFile(atPath: systemUnifontPath)

/// Debian's Unifont, read once for all the tests that need it.
private let systemUnifont: UnifontHexFont? = {
    guard let data = FileManager.default.contents(atPath: systemUnifontPath) else { return nil }
    return try? UnifontHexFont(bytes: Array(data), name: systemUnifontPath)
}()

@Suite("Text layout as written")
struct TextLayoutAsWrittenTests {
    @Test("layouts are in visual order", arguments: [
        ("שלום", [0x5DD, 0x5D5, 0x5DC, 0x5E9]),
        ("ON AIR שלום 123", "ON AIR 123 \u{5DD}\u{5D5}\u{5DC}\u{5E9}".unicodeScalars.map(\.value)),
        ("سلام", [0xFEE1, 0xFEFC, 0xFEB3]),
        ("a\u{200D}b\u{FE0F}", [0x61, 0x62]),
    ] as [(String, [UInt32])])
    func visualOrder(text: String, expected: [UInt32]) {
        #expect(placed(text) == expected)
    }

    @Test("e + combining acute lays out exactly as é", arguments: [
        ("e\u{301}", "é"), ("Cafe\u{301}", "Café"), ("A\u{30A}NGSTRO\u{308}M", "ÅNGSTRÖM"),
    ])
    func composed(decomposed: String, precomposed: String) {
        let font = LEDFont.builtIn
        let a = TextLayout(text: decomposed, font: font)
        let b = TextLayout(text: precomposed, font: font)
        #expect(a.width == b.width)
        #expect(columns(a) == columns(b))
        #expect(!a.usedPlaceholder)
    }

    @Test("a mark the font lacks is skipped, not boxed")
    func missingMark() {
        let layout = TextLayout(text: "q\u{301}", font: LEDFont.builtIn)
        #expect(columns(layout) == columns(TextLayout(text: "q", font: LEDFont.builtIn)))
        #expect(!layout.usedPlaceholder)
    }

    @Test("empty text, marks only, joiners only: no cells, no boxes", arguments: ["", "\u{301}\u{302}", "\u{200D}\u{FE0F}\u{200B}"])
    func nothingToDraw(text: String) {
        let layout = TextLayout(text: text, font: LEDFont.builtIn)
        #expect(layout.width == 0)
        #expect(!layout.usedPlaceholder)
        #expect(layout.column(at: 0) == 0)
        #expect(layout.inkRows == 0..<11)
    }

    @Test("emoji no font has are boxes; joiners, VS16 and skin tones add none", arguments: [
        ("\u{1F600}", 1),                                  // 😀
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 3), // family: three people joined
        ("\u{1F44D}\u{1F3FD}", 1),                         // thumbs up, medium skin tone
        ("\u{1F600}\u{FE0F}", 1),
        ("\u{1F1EB}\u{1F1F7}", 2),                         // a flag: two regional indicators
    ])
    func emojiBoxes(text: String, boxes: Int) {
        let layout = TextLayout(text: text, font: LEDFont.builtIn)
        let box = PlaceholderGlyph(ascent: 9, descent: 2).glyph
        #expect(layout.usedPlaceholder)
        #expect(layout.width == boxes * box.advance)
        #expect(layout.column(at: 0) == box.columns[0])
    }

    @Test("100,000 Hebrew scalars lay out reversed, one cell each")
    func longHebrew() {
        let text = String(repeating: "שלום ", count: 20_000)
        let layout = TextLayout(text: text, font: CodeFont())
        #expect(layout.width == 100_000)
        #expect(layout.column(at: 0) == 0x20)
        #expect(layout.column(at: 1) == 0x5DD)
        #expect(layout.column(at: 99_999) == 0x5E9)
    }

    @Test("a line beyond the bound is laid out up to it")
    func bounded() {
        let font = LEDFont.builtIn
        let layout = TextLayout(text: String(repeating: "I", count: VisualText.maximumScalars + 100), font: font)
        #expect(layout.width == VisualText.maximumScalars * font.glyph(for: "I")!.advance)
    }
}

@Suite("Combining marks overlaid")
struct MarkOverlayTests {
    @Test("a mark is centred on its base; the cell grows only for lit columns outside it", arguments: [
        ("same width", [0, 1, 0], [4, 0, 4], [4, 1, 4]),
        ("narrow mark on a wide base", [1, 1], [0, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0]),
        ("wide mark, blank edges", [0, 0, 2, 2, 0, 0], [1, 1], [3, 3]),
        ("wide mark, lit edges", [8, 8, 8, 8], [1, 1], [8, 9, 9, 8]),
        ("blank mark", [0, 0], [1, 1], [1, 1]),
        ("mark on an empty cell", [2], [], [2]),
    ] as [(String, [UInt64], [UInt64], [UInt64])])
    func overlay(label: String, mark: [UInt64], base: [UInt64], expected: [UInt64]) {
        #expect(GlyphCluster.overlay(mark, on: base) == expected, "\(label)")
    }
}

// Runs only where Debian's `unifont` package is installed; elsewhere it is
// reported as skipped, not silently passed.
@Suite("Combining marks overlaid, system Unifont",
       .enabled(if: unifontInstalled, "the unifont package is not installed: skipped"))
struct UnifontMarkOverlayTests {
    let font: UnifontHexFont

    init() throws {
        font = try #require(systemUnifont)
    }

    @Test("q + acute is q with the accent drawn in, same width",
          arguments: [("q", 0x301), ("\u{5E9}", 0x5B4), ("x", 0x323)] as [(String, UInt32)])
    func unifontOverlay(base: String, mark: UInt32) throws {
        let markScalar = try #require(Unicode.Scalar(mark))
        let text = base + String(Character(markScalar))
        #expect(VisualText.scalars(text).count == 2, "no precomposed form")
        let alone = TextLayout(text: base, font: font)
        let marked = TextLayout(text: text, font: font)
        #expect(marked.width == alone.width)
        #expect(litPixels(marked) > litPixels(alone))
        let markColumns = try #require(font.glyph(for: markScalar)).columns
        #expect(columns(marked) == zip(columns(alone), markColumns).map { $0 | $1 })
        #expect(!marked.usedPlaceholder)
    }

    @Test("a keycap encloses its digit; VS16 draws nothing")
    func keycap() throws {
        let layout = TextLayout(text: "1\u{FE0F}\u{20E3}", font: font)
        // The 16-column keycap centred on the 8-column digit, its blank
        // outer columns dropped.
        #expect(layout.width == 14)
        #expect(!layout.usedPlaceholder)
        let heart = TextLayout(text: "\u{2764}\u{FE0F}", font: font)
        #expect(columns(heart) == columns(TextLayout(text: "\u{2764}", font: font)))
        #expect(heart.width == 16)
    }

    @Test("marks alone get a cell of their own")
    func marksAlone() throws {
        let layout = TextLayout(text: "\u{301}", font: font)
        #expect(layout.width == 8)
        #expect(columns(layout) == font.glyph(for: "\u{301}")!.columns)
    }
}

@Suite("Font selection as written")
struct FontStackAsWrittenTests {
    /// Has Latin, one combining acute, and nothing beyond plane 0.
    struct MarkFont: GlyphSource {
        func glyph(for scalar: Unicode.Scalar) -> Glyph? {
            switch scalar.value {
            case 0x301: Glyph(columns: [0, 0b1, 0b10, 0], ascent: 14, descent: 2)
            case 0x20...0x7E, 0x5D0...0x5EA: Glyph(columns: [0, 0x3FF0, 0x3FF0, 0], ascent: 14, descent: 2)
            default: nil
            }
        }
    }

    @Test("coverage is checked as laid out", arguments: [
        ("e\u{301}", true),          // composes to é, which the LED font has
        ("q\u{301}", false),         // no precomposed form: needs the mark
        ("ON\u{200D} AIR\u{FE0F}", true),
        ("\u{2764}\u{FE0F}", false),
        ("שלום", false),
    ])
    func covers(text: String, covered: Bool) {
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: MarkFont())
        #expect(fonts.covers(text) == covered)
    }

    @Test("an uncomposable mark sets the message in the fallback, where it overlays")
    func markNeedsFallback() {
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: MarkFont())
        let layout = TextLayout(text: "q\u{301}", font: fonts.source(for: "q\u{301}"))
        #expect(layout.height == 16)
        #expect(layout.width == 4)
        #expect(layout.column(at: 1) == 0x3FF1)
    }

    @Test("gaps no font fills keep the chosen font: boxes in its own style")
    func emojiKeepsPrimary() {
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: MarkFont())
        let layout = TextLayout(text: "ON AIR \u{1F600}", font: fonts.source(for: "ON AIR \u{1F600}"))
        #expect(layout.height == 11)
        #expect(layout.usedPlaceholder)
    }
}
