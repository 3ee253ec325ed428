import Testing
@testable import MarqueeCore

/// Colour glyphs on the panel (docs/display.md, "Colour emoji"), with a
/// face whose colours are known: the built-in face's `O`, each column a
/// colour of its own, standing in for an emoji.
@Suite("Colour glyphs on the panel")
struct ColorGlyphFrameTests {
    struct PaintedFace: ColorGlyphSource {
        static let star: Unicode.Scalar = "\u{1F355}"

        func glyph(for scalar: Unicode.Scalar) -> Glyph? {
            guard scalar == PaintedFace.star, var glyph = LEDFont.builtIn.glyph(for: "O") else { return nil }
            var colors = GlyphColors(columns: glyph.advance, height: glyph.height)
            for x in glyph.columns.indices {
                for row in 0..<glyph.height where glyph.isLit(x: x, row: row) {
                    colors[x, row] = LEDPixelColor(index: UInt8(x * 20 + 4))
                }
            }
            glyph.colors = colors
            return glyph
        }

        func sized(ascent: Int, descent: Int) -> any ColorGlyphSource { self }
    }

    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil, colorGlyphs: PaintedFace())
    static let text = "HI \u{1F355} OK"

    func scene(_ style: LEDStyle, grid: LEDGrid = .fine, offset: Int, glyphs: TerminalGlyphs = .standard) -> (MarqueeScene, TextLayout) {
        let layout = TextLayout(text: Self.text, font: Self.fonts.source(for: Self.text))
        let units = grid.isClassic ? LEDGrid.classicUnits : style
        let geometry = ScreenGeometry(columns: 150, rows: 36, style: units, lineHeight: layout.inkRows.count,
                                      captionLines: 0, letterWidth: 6, grid: grid)
        let size = grid.isClassic ? max(1, geometry.scale) : 1
        return (MarqueeScene(geometry: geometry, style: units, monochrome: false, messageID: 1, plainText: TerminalLine(Self.text),
                             placement: .scrolling(ledOffset: offset / size * size, entry: .inView), glyphs: glyphs, grid: grid),
                layout)
    }

    static func pixels(_ frame: FrameModel) -> Set<LEDPixelColor> {
        var found = Set<LEDPixelColor>()
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                for ink in [frame[row, column].foreground, frame[row, column].background] {
                    if case .pixel(let color) = ink { found.insert(color) }
                }
            }
        }
        return found
    }

    @Test("the colour glyph's LEDs take its colours; at 8 colours they are lit LEDs", arguments: [LEDStyle.dots, .half])
    func colours(style: LEDStyle) {
        let (rich, layout) = scene(style, offset: 0)
        #expect(layout.hasColors)
        let shown = Self.pixels(FrameComposer.compose(rich, layout: layout))
        #expect(shown.count == 5, "\(shown)")
        let (coarse, _) = scene(style, offset: 0, glyphs: TerminalGlyphs(repertoire: .unicode, coarseColor: true))
        #expect(Self.pixels(FrameComposer.compose(coarse, layout: layout)).isEmpty)
    }

    @Test("scroll steps through a colour glyph draw what a full paint draws",
          arguments: [(LEDStyle.dots, LEDGrid.fine), (.half, .fine), (.blocks, .fine), (.dots, .round)])
    func scrollSteps(style: LEDStyle, grid: LEDGrid) {
        let (_, layout) = scene(style, grid: grid, offset: 0)
        let shifted = playScrollSteps(layout: layout, { scene(style, grid: grid, offset: $0).0 }, "\(style) \(grid)")
        #expect(shifted > 40)
    }

    @Test("a layout without colour glyphs carries none")
    func none() {
        #expect(!TextLayout(text: "HI OK", font: Self.fonts.source(for: "HI OK")).hasColors)
        #expect(Self.fonts.source(for: "HI OK") is LEDFont)
    }
}
