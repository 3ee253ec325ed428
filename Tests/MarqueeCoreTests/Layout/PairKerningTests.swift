import Synchronization
import Testing
@testable import MarqueeCore

/// Pair kerning as the layout applies it (docs/display.md, "Fonts"): in
/// whole LEDs, closer only while the inks stay a dark LED apart, never
/// eating the left glyph, worked out once per pair of cells.
@Suite("Pair kerning")
struct PairKerningTests {
    /// Three 5-row glyphs: `\` and `/` slopes and a full bar; "\/" and "/\"
    /// are kerned by `pairs`.
    struct KernedFont: GlyphSource {
        var pairs: [String: Int]
        var asked: Counter? = nil
        var kerns = true

        func glyph(for scalar: Unicode.Scalar) -> Glyph? {
            switch scalar {
            case "\\": Glyph(rows: ["#....", ".#...", "..#..", "...#.", "....#"], ascent: 5)
            case "/": Glyph(rows: ["....#", "...#.", "..#..", ".#...", "#...."], ascent: 5)
            case "|": Glyph(rows: ["#", "#", "#", "#", "#"], ascent: 5)
            case " ": Glyph.blank(advance: 2, ascent: 5, descent: 0)
            default: nil
            }
        }

        func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int {
            asked?.increment()
            return pairs["\(left)\(right)"] ?? 0
        }

        var hasKerning: Bool { kerns }
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    static func columns(_ layout: TextLayout) -> [UInt64] {
        (0..<layout.width).map(layout.column(at:))
    }

    @Test("set closer, the second glyph starts inside the first and both inks show")
    func closer() {
        // Two parallel slopes, "\\": each may slide under the other until a
        // dark LED is left between them.
        let font = KernedFont(pairs: ["\\\\": -3])
        let layout = TextLayout(text: "\\\\", font: font)
        #expect(Self.columns(layout) == [0b1, 0b10, 0b101, 0b1010, 0b10100, 0b1000, 0b10000])
        #expect(layout.width == 7, "10 columns set 3 closer")
    }

    @Test("never so close that the inks touch: a dark LED stays between them across and down")
    func inksStayApart() {
        // "\/" meet at the bottom: they already sit side by side.
        let font = KernedFont(pairs: [:])
        #expect(PairKerning.overlap(-4, left: font.glyph(for: "\\")!.columns, right: font.glyph(for: "/")!.columns) == 0)
        // Two bars: side by side they touch; a dark column between is kept.
        let bar: [UInt64] = [0b11111]
        #expect(!PairKerning.keepsApart(1, left: [0b11111, 0], right: bar))
        #expect(PairKerning.keepsApart(1, left: [0b11111, 0, 0], right: bar))
        #expect(PairKerning.overlap(-3, left: [0b11111, 0, 0], right: [0, 0, 0b11111]) == 2)
        #expect(!PairKerning.keepsApart(1, left: [0, 0, 0b11111], right: bar), "nor on top of each other")
        // A glyph under an overhang may tuck in, a row of dark between.
        let overhang: [UInt64] = [0b00001, 0b00001, 0b00001]   // a top bar
        let low: [UInt64] = [0b11100, 0b11100]                  // rows 2-4
        #expect(PairKerning.overlap(-2, left: overhang, right: low) == 2)
        let touching: [UInt64] = [0b11110, 0b11110]             // rows 1-4: right under the bar
        #expect(PairKerning.overlap(-2, left: overhang, right: touching) == 0)
    }

    @Test("however large the kerning, the first glyph keeps a column and the second is not passed")
    func bounded() {
        #expect(PairKerning.overlap(-1_000, left: [0, 0, 0], right: [0, 0]) == 2)
        #expect(PairKerning.overlap(-1_000, left: [0, 0], right: [0, 0, 0, 0]) == 1)
        let layout = TextLayout(text: "  ", font: KernedFont(pairs: ["  ": -1_000]))
        #expect(layout.width == 3, "two 2-column spaces overlap by one column")
    }

    @Test("set apart, the columns between are dark; at most a line box apart")
    func apart() {
        let layout = TextLayout(text: "||", font: KernedFont(pairs: ["||": 3]))
        #expect(Self.columns(layout) == [0b11111, 0, 0, 0, 0b11111])
        let far = TextLayout(text: "||", font: KernedFont(pairs: ["||": 100_000]))
        #expect(far.width == 2 + PairKerning.maximumGap)
    }

    @Test("bitmap fonts are not kerned: the built-in face's layout is its advances side by side")
    func unkernedFonts() {
        #expect(LEDFont.builtIn.kerning("A", "V") == 0 && !LEDFont.builtIn.hasKerning)
        #expect(TextLayout(text: "\\\\", font: KernedFont(pairs: ["\\\\": -3], kerns: false)).width == 10,
                "a font that says it kerns nothing is not asked")
        let layout = TextLayout(text: "AVATAR", font: LEDFont.builtIn)
        #expect(layout.width == "AVATAR".unicodeScalars.map { LEDFont.builtIn.glyph(for: $0)!.advance }.reduce(0, +))
    }

    @Test("kerning is asked once per pair of cells, when the text is laid out")
    func askedOnce() {
        let counter = Counter()
        let layout = TextLayout(text: String(repeating: "/\\", count: 50), font: KernedFont(pairs: ["/\\": -3], asked: counter))
        #expect(counter.value == 2, "/\\ and \\/, each once")
        _ = (0..<layout.width).map(layout.column(at:))
        #expect(counter.value == 2, "reading columns asks nothing")
    }

    @Test("a box for a missing character is never kerned")
    func placeholders() {
        let layout = TextLayout(text: "/?\\", font: KernedFont(pairs: ["/?": -3, "?\\": -3]))
        #expect(layout.usedPlaceholder)
        let box = PlaceholderGlyph(ascent: 5, descent: 0).glyph.advance
        #expect(layout.width == 5 + box + 5)
    }

    @Test("a fallback chain kerns a pair only within one font, and a lazy font is not loaded to be asked")
    func chains() {
        let kerned = KernedFont(pairs: ["/\\": -3, "\\|": -3])
        struct Bars: GlyphSource {
            func glyph(for scalar: Unicode.Scalar) -> Glyph? { scalar == "|" ? Glyph(rows: ["#"], ascent: 1) : nil }
            func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int { -5 }
            var hasKerning: Bool { true }
        }
        let chain = FallbackGlyphSource([KernedFont(pairs: ["/\\": -3]), Bars()])
        #expect(chain.kerning("/", "\\") == -3)
        #expect(FallbackGlyphSource([Bars(), kerned]).kerning("\\", "|") == 0, "| from one font, \\ from the other")
        let loads = Counter()
        let lazy = LazyGlyphSource { loads.increment(); return kerned }
        #expect(lazy.kerning("/", "\\") == 0 && !lazy.hasKerning && loads.value == 0)
        _ = lazy.glyph(for: "/")
        #expect(lazy.kerning("/", "\\") == -3 && lazy.hasKerning && loads.value == 1)
        let spaced = SpaceSynthesizingFont(StubFace(base: kerned))
        #expect(spaced.kerning("/", "\\") == -3)
    }

    /// `KernedFont` as a font face, for `SpaceSynthesizingFont`.
    struct StubFace: FontFace {
        var base: KernedFont
        var name: String { "stub" }
        var ascent: Int { 5 }
        var descent: Int { 0 }
        var spaceAdvance: Int { 2 }
        func glyph(for scalar: Unicode.Scalar) -> Glyph? { base.glyph(for: scalar) }
        func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int { base.kerning(left, right) }
        var hasKerning: Bool { base.hasKerning }
    }
}
