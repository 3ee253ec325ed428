import Testing
@testable import MarqueeCore

/// A source with a fixed set of glyphs, one column each, marked by a tag bit
/// so a test can tell which source answered.
private struct TaggedSource: GlyphSource {
    var tag: UInt64
    var scalars: Set<Unicode.Scalar>
    func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        scalars.contains(scalar) ? Glyph(columns: [tag], ascent: 3, descent: 0) : nil
    }
}

/// A minimal FontFace for space synthesis, with or without its own space.
private struct StubFace: FontFace {
    var name = "stub"
    var ascent = 5
    var descent = 2
    var spaceAdvance = 3
    var hasSpace = false
    func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        if scalar == "x" || (hasSpace && scalar == " ") {
            return Glyph(columns: [0b1, 0b1], ascent: ascent, descent: descent)
        }
        return nil
    }
}

@Suite("Font fallback chain")
struct FontFallbackTests {
    let chain = FallbackGlyphSource([
        TaggedSource(tag: 1, scalars: ["a", "b"]),
        TaggedSource(tag: 2, scalars: ["b", "c"]),
        TaggedSource(tag: 4, scalars: ["c", "d"]),
    ])

    @Test("the first source that has the glyph wins", arguments: [
        ("a", 1 as UInt64, 0), ("b", 1, 0), ("c", 2, 1), ("d", 4, 2),
    ] as [(Unicode.Scalar, UInt64, Int)])
    func order(scalar: Unicode.Scalar, tag: UInt64, index: Int) {
        let match = chain.match(for: scalar)
        #expect(match?.glyph.columns == [tag])
        #expect(match?.sourceIndex == index)
        #expect(match?.usedFallback == (index > 0))
        #expect(chain.glyph(for: scalar)?.columns == [tag])
    }

    @Test("a glyph found nowhere is nil, and the placeholder ends the chain")
    func nowhere() {
        #expect(chain.match(for: "z") == nil)
        let box = PlaceholderGlyph(ascent: 3, descent: 0)
        let closed = FallbackGlyphSource(chain.sources + [box])
        #expect(closed.match(for: "z") == FallbackGlyphSource.Match(glyph: box.glyph, sourceIndex: 3))
        #expect(closed.match(for: "a")?.sourceIndex == 0)
    }

    @Test("an empty chain has nothing")
    func empty() {
        #expect(FallbackGlyphSource([]).glyph(for: "a") == nil)
    }

    @Test("real fonts chain: tiny BDF first, tiny Unifont for the rest")
    func fontsChain() throws {
        let bdf = try BDFFont(bytes: FontFixtures.bytes("tiny.bdf"), name: "tiny.bdf")
        let hex = try UnifontHexFont(bytes: FontFixtures.bytes("tiny.hex"), name: "tiny.hex")
        let chain = FallbackGlyphSource([bdf, hex])
        #expect(chain.match(for: "A")?.glyph.height == 9)
        #expect(chain.match(for: "A")?.usedFallback == false)
        #expect(chain.match(for: "日")?.glyph.advance == 16)
        #expect(chain.match(for: "日")?.usedFallback == true)
    }
}

@Suite("Font placeholder glyph")
struct FontPlaceholderTests {
    @Test("a hollow box on the baseline with one spacing column")
    func shape() {
        let box = PlaceholderGlyph(ascent: 7, descent: 2)
        #expect(box.glyph.ascent == 7 && box.glyph.descent == 2)
        #expect(fontPicture(box.glyph) == [
            "#####.",
            "#...#.",
            "#...#.",
            "#...#.",
            "#...#.",
            "#...#.",
            "#####.",
            "......",
            "......",
        ])
        #expect(box.glyph(for: "\u{10FFFF}") == box.glyph)
    }

    @Test("in the Unifont line box it leaves a row of headroom")
    func unifontSized() {
        let glyph = PlaceholderGlyph(ascent: 14, descent: 2).glyph
        #expect(glyph.advance == 9)
        let picture = fontPicture(glyph)
        #expect(picture.first == ".........")
        #expect(picture[1] == "########.")
        #expect(picture[7] == "#......#.")
        #expect(picture[13] == "########.")
        #expect(picture[14...].allSatisfy { $0 == "........." })
    }

    @Test("any line box gives a visible, valid glyph", arguments: [
        (0, 0), (1, 0), (0, 1), (2, 1), (3, 0), (64, 0), (0, 64), (32, 32), (-3, 5), (100, 100),
    ])
    func anySize(ascent: Int, descent: Int) {
        let glyph = PlaceholderGlyph(ascent: ascent, descent: descent).glyph
        #expect(glyph.advance >= 1)
        #expect(glyph.height <= Glyph.maximumHeight)
        if glyph.height > 0 {
            #expect(glyph.columns.contains { $0 != 0 })
        }
    }
}

@Suite("Font space synthesis")
struct FontSpaceTests {
    @Test("a font without a space gets a blank one of its space advance")
    func synthesised() {
        let font = SpaceSynthesizingFont(StubFace())
        #expect(font.glyph(for: " ") == Glyph(columns: [0, 0, 0], ascent: 5, descent: 2))
        #expect(font.glyph(for: "\u{A0}")?.advance == 3)
        #expect(font.glyph(for: "x")?.advance == 2)
        #expect(font.glyph(for: "y") == nil)
    }

    @Test("a font's own space is kept")
    func ownSpace() {
        let font = SpaceSynthesizingFont(StubFace(hasSpace: true))
        #expect(font.glyph(for: " ")?.columns == [0b1, 0b1])
    }

    @Test("BDF space advance: half the median advance when proportional, one cell when monospaced")
    func bdfSpaceAdvance() throws {
        let tiny = try BDFFont(bytes: FontFixtures.bytes("tiny.bdf"), name: "tiny.bdf")
        #expect(tiny.spaceAdvance == 3)
        let mono = """
            STARTFONT 2.1
            FONTBOUNDINGBOX 7 2 0 0
            STARTCHAR a
            ENCODING 97
            DWIDTH 7 0
            BBX 1 1 0 0
            BITMAP
            80
            ENDCHAR
            STARTCHAR b
            ENCODING 98
            DWIDTH 7 0
            BBX 1 1 0 0
            BITMAP
            80
            ENDCHAR
            ENDFONT
            """
        #expect(try BDFFont(bytes: Array(mono.utf8), name: "mono.bdf").spaceAdvance == 7)
    }
}
