import MarqueeCore
import Testing
@testable import MarqueeApp

/// LEDs in brightness steps by coverage (docs/display.md, "LEDs in
/// brightness steps"): an outline font's LEDs that its glyph covers in part
/// are drawn at a quarter, a half or three quarters where the colour depth
/// has shades; with 8 colours or none the threshold alone decides, and the
/// built-in face is one bit a pixel as before.
@Suite("LEDs in brightness steps")
struct LEDLevelsTests {
    static func dejaVu(_ rows: Int) throws -> FreeTypeFace {
        let match = try FontMatch.file(for: "DejaVu Sans")
        return try FreeTypeFace(path: match.path, index: match.index, lineHeight: rows)
    }

    /// The LED shades of the panel rows of a frame of `text` at rest.
    static func shades(_ text: String, fonts: FontStack, glyphs: TerminalGlyphs, monochrome: Bool = false,
                       grid: LEDGrid = .fine, style: LEDStyle = .dots) -> [LEDShade: Int] {
        var layouts = MessageLayouts(fonts: fonts)
        var settings = PlayerSettings()
        settings.staticText = true
        settings.glyphs = glyphs
        settings.monochrome = monochrome
        settings.grid = grid
        settings.style = style
        var state = PlayerState(cues: [Cue(text: text)], settings: settings, seed: 1, at: 0)
        _ = state.reduce(.measured(layouts.measure(state, columns: 100, rows: 30)), at: 0)
        let (_, frame) = layouts.changedFrame(state, at: 0, columns: 100, rows: 30, shown: nil)
        var count: [LEDShade: Int] = [:]
        guard let frame else { return count }
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                for ink in [frame[row, column].foreground, frame[row, column].background] {
                    if case let .led(shade, _) = ink { count[shade, default: 0] += 1 }
                }
            }
        }
        return count
    }

    @Test("a round letter's edge LEDs get steps; none is a lit LED, and stems are untouched")
    func glyphSteps() throws {
        for rows in [9, 16, 32] {
            let face = try Self.dejaVu(rows)
            let o = try #require(face.glyph(for: "O"))
            let levels = try #require(o.levels, "O at \(rows) rows has partly covered LEDs")
            var steps = Set<Int>()
            for x in o.columns.indices {
                for row in 0..<o.height {
                    let step = levels.step(x: x, row: row)
                    if step > 0 {
                        steps.insert(step)
                        #expect(!o.isLit(x: x, row: row), "a stepped LED is not also lit")
                    }
                }
            }
            // Small, the hinted curve leaves only faint corners; larger, its
            // edge passes through LEDs at several coverages.
            #expect(steps.count >= (rows >= 16 ? 2 : 1), "O at \(rows) rows: steps \(steps)")
            // A hinted stem stays whole LEDs: `l` is lit, not stepped.
            let l = try #require(face.glyph(for: "l"))
            let stepped = l.levels.map { levels in
                l.columns.indices.flatMap { x in (0..<l.height).filter { levels.step(x: x, row: $0) > 0 } }.count
            } ?? 0
            let lit = l.columns.reduce(0) { $0 + $1.nonzeroBitCount }
            #expect(stepped * 4 <= lit, "l at \(rows) rows: \(stepped) stepped LEDs against \(lit) lit")
        }
    }

    @Test("coverage to step: under an eighth dark, then the nearest quarter, at most three quarters")
    func coverageSteps() {
        #expect(GlyphLevels.step(coverage: 0) == 0)
        #expect(GlyphLevels.step(coverage: 31) == 0)
        #expect(GlyphLevels.step(coverage: 32) == 1)
        #expect(GlyphLevels.step(coverage: 95) == 1)
        #expect(GlyphLevels.step(coverage: 96) == 2)
        #expect(GlyphLevels.step(coverage: 160) == 3)
        #expect(GlyphLevels.step(coverage: 255) == 3)
    }

    @Test("at 256 colours an outline font draws LEDs between unlit and lit; at 8 colours and without colour only lit and unlit",
          arguments: [LEDGrid.fine, .round])
    func byDepth(grid: LEDGrid) throws {
        let fonts = try FontLoader.stack(path: "DejaVu Sans")
        let rich = Self.shades("Og", fonts: fonts, glyphs: .standard, grid: grid)
        let steps = [LEDShade.glow1, .glow2, .glow3].map { rich[$0] ?? 0 }
        #expect(steps.reduce(0, +) > 0, "\(grid): \(rich)")
        #expect((rich[.lit] ?? 0) > 0 && (rich[.unlit] ?? 0) > 0)
        let coarse = Self.shades("Og", fonts: fonts, glyphs: TerminalGlyphs(repertoire: .unicode, coarseColor: true), grid: grid)
        #expect(Set(coarse.keys) == [.lit, .unlit], "\(grid) at 8 colours: \(coarse)")
        let none = Self.shades("Og", fonts: fonts, glyphs: .standard, monochrome: true, grid: grid)
        #expect(Set(none.keys) == [.lit, .unlit], "\(grid) without colour: \(none)")
        // The threshold decides the lit LEDs either way.
        #expect(rich[.lit] == coarse[.lit])
    }

    @Test("braille draws no steps (one colour for eight dots); half blocks do")
    func styles() throws {
        let fonts = try FontLoader.stack(path: "DejaVu Sans")
        let braille = Self.shades("Og", fonts: fonts, glyphs: .standard, style: .braille)
        #expect(Set(braille.keys).isSubset(of: [.lit, .unlit]), "\(braille)")
        let half = Self.shades("Og", fonts: fonts, glyphs: .standard, style: .half)
        #expect([LEDShade.glow1, .glow2, .glow3].contains { (half[$0] ?? 0) > 0 }, "\(half)")
    }

    @Test("the built-in LED face has no steps: its frames are lit and unlit as before")
    func builtInUnchanged() {
        for scalar in "AOg8@".unicodeScalars {
            #expect(LEDFont.builtIn.glyph(for: scalar)?.levels == nil)
        }
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)
        for grid in LEDGrid.allCases {
            #expect(Set(Self.shades("OPEN", fonts: fonts, glyphs: .standard, grid: grid).keys) == [.lit, .unlit], "\(grid)")
        }
    }

    @Test("a layout keeps the steps through kerning and marks, and has none for a one-bit font")
    func layoutSteps() throws {
        let face = try Self.dejaVu(24)
        let layout = TextLayout(text: "AVo\u{301}", font: face)
        #expect(layout.hasLevels)
        let stepped = (0..<layout.width).filter { let levels = layout.levels(at: $0); return levels.low | levels.high != 0 }
        #expect(!stepped.isEmpty)
        // One glyph alone: the layout's steps are the glyph's, column for column.
        let o = try #require(face.glyph(for: "O"))
        let alone = TextLayout(text: "O", font: face)
        let shift = UInt64(alone.ascent - o.ascent)
        for x in o.columns.indices {
            let levels = alone.levels(at: x)
            #expect(levels.low == (o.levels?.low[x] ?? 0) << shift && levels.high == (o.levels?.high[x] ?? 0) << shift)
        }
        #expect(layout.levels(at: -1) == (0, 0) && layout.levels(at: layout.width) == (0, 0))
        #expect(!TextLayout(text: "AVo", font: LEDFont.builtIn).hasLevels)
    }
}
