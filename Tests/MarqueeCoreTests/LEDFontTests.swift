import Testing
@testable import MarqueeCore

@Suite("Built-in LED font")
struct LEDFontTests {
    @Test("covers printable ASCII and Latin-1 with an 11-row line box")
    func coverage() {
        let font = LEDFont.builtIn
        #expect(font.ascent == 9 && font.descent == 2)
        let required = Array(0x20...0x7E) + Array(0xA0...0xFF)
        for value in required {
            let glyph = font.glyph(for: Unicode.Scalar(UInt32(value))!)
            #expect(glyph != nil, "missing U+\(String(value, radix: 16))")
            #expect(glyph?.height == 11)
            #expect((glyph?.advance ?? 0) >= 2)
        }
    }

    @Test("letters are drawn: A has lit pixels in the capital band, space has none")
    func drawnGlyphs() throws {
        let font = LEDFont.builtIn
        let a = try #require(font.glyph(for: "A"))
        let litRows = (0..<a.height).filter { row in (0..<a.advance).contains { a.isLit(x: $0, row: row) } }
        #expect(litRows == Array(2...8))
        #expect(a.columns.last == 0, "one unlit spacing column")
        let space = try #require(font.glyph(for: " "))
        #expect(space.columns.allSatisfy { $0 == 0 })
        let g = try #require(font.glyph(for: "g"))
        #expect((0..<g.advance).contains { g.isLit(x: $0, row: 10) }, "g descends below the baseline")
    }

    @Test("the parser rejects broken font text with the line number", arguments: [
        ("U+0041\n#\n", 1),
        ("ascent 1\ndescent 0\nU+0041\n#x\n", 4),
        ("ascent 1\ndescent 1\nU+0041\n#\n", 3),
        ("ascent 1\ndescent 0\nU+0041\n#\nU+0041\n#\n", 5),
        ("ascent 1\ndescent 0\nU+ZZ\n", 3),
        ("ascent 99\n", 1),
        ("ascent 2\ndescent 0\nU+0041\n##\n#\n", 3),
        ("hello\n", 1),
    ])
    func hostile(text: String, line: Int) {
        #expect(throws: LEDFont.ParseError.self) { try LEDFont(parsing: text) }
        do {
            _ = try LEDFont(parsing: text)
        } catch {
            #expect(error.line == line)
        }
    }
}

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
