import Testing
@testable import MarqueeCore

@Suite("Text layout")
struct TextLayoutTests {
    @Test("glyphs sit side by side; columns outside the text are dark")
    func placement() {
        let font = LEDFont.builtIn
        let layout = TextLayout(text: "AB", font: font)
        let a = font.glyph(for: "A")!
        let b = font.glyph(for: "B")!
        #expect(layout.width == a.advance + b.advance)
        #expect(layout.column(at: 0) == a.columns[0])
        #expect(layout.column(at: a.advance) == b.columns[0])
        #expect(layout.column(at: -1) == 0)
        #expect(layout.column(at: layout.width) == 0)
    }

    @Test("glyphs from fonts with different line boxes share one baseline")
    func sharedBaseline() {
        struct TwoFonts: GlyphSource {
            func glyph(for scalar: Unicode.Scalar) -> Glyph? {
                switch scalar {
                case "a": Glyph(rows: ["#", ".", "."], ascent: 2)        // top of a 2+1 box
                case "b": Glyph(rows: ["#", ".", ".", ".", "."], ascent: 4) // top of a 4+1 box
                default: nil
                }
            }
        }
        let layout = TextLayout(text: "ab", font: TwoFonts())
        #expect(layout.ascent == 4 && layout.descent == 1)
        // "a" is shifted down by the difference in ascent (2 rows).
        #expect(layout.column(at: 0) == 1 << 2)
        #expect(layout.column(at: 1) == 1 << 0)
    }

    @Test("missing characters become a box; marks compose, joiners are skipped")
    func placeholderAndMarks() {
        let font = LEDFont.builtIn
        let layout = TextLayout(text: "A\u{1F600}", font: font)
        #expect(layout.usedPlaceholder)
        let box = layout.column(at: font.glyph(for: "A")!.advance)
        #expect(box == PlaceholderGlyph(ascent: 9, descent: 2).glyph.columns[0])
        #expect(box != 0)
        let combined = TextLayout(text: "e\u{301}\u{200D}", font: font)
        #expect(combined.width == font.glyph(for: "é")!.advance)
        #expect((0..<combined.width).map(combined.column(at:)) == font.glyph(for: "é")!.columns)
        #expect(!combined.usedPlaceholder)
    }

    @Test("a 1 MB message lays out once and reads any column cheaply")
    func hugeMessage() {
        let text = String(repeating: "LED ", count: 262_144)
        let layout = TextLayout(text: text, font: LEDFont.builtIn)
        let period = layout.width / 262_144
        #expect(layout.column(at: layout.width - period) == layout.column(at: 0))
    }
}
