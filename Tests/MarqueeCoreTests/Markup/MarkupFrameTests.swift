import Testing
@testable import MarqueeCore

/// Inline markup on the panel (docs/display.md, "Inline markup"): a span's
/// lit LEDs in its colour at every depth but none, a blinking span's dark
/// in the blink's dark half, in every style.
@Suite("Inline markup on the panel")
struct MarkupFrameTests {
    static let red = LEDPixelColor(red: 255, green: 32, blue: 16)
    static let text = Cue(text: "AB {red}CD{/} {blink}EF{/}").text
    static let layout = TextLayout(text: text, font: LEDFont.builtIn)
    static let coarse = TerminalGlyphs(repertoire: .unicode, coarseColor: true)

    static func scene(_ style: LEDStyle = .dots, grid: LEDGrid = .fine, offset: Int = 0, glyphs: TerminalGlyphs = .standard,
                      monochrome: Bool = false, blinkedOff: Bool = false) -> MarqueeScene {
        let units = grid.isClassic ? LEDGrid.classicUnits : style
        let geometry = ScreenGeometry(columns: 150, rows: 36, style: units, lineHeight: layout.inkRows.count,
                                      captionLines: 0, letterWidth: 6, grid: grid)
        let size = grid.isClassic ? max(1, geometry.scale) : 1
        var scene = MarqueeScene(geometry: geometry, style: units, monochrome: monochrome, messageID: 1,
                                 plainText: TerminalLine(MarkupText.plain(text)),
                                 placement: .scrolling(ledOffset: offset / size * size, entry: .inView), glyphs: glyphs, grid: grid)
        scene.markupBlinkedOff = blinkedOff
        return scene
    }

    /// The own colours of lit inks, and how many lit inks the frame has
    /// (a foreground and a background each count).
    static func lit(_ frame: FrameModel) -> (pixels: Set<LEDPixelColor>, cells: Int) {
        var pixels = Set<LEDPixelColor>()
        var cells = 0
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                let cell = frame[row, column]
                for ink in [cell.foreground, cell.background] {
                    switch ink {
                    case .pixel(let color): pixels.insert(color); cells += 1
                    case .led(let shade, _) where shade != .unlit: cells += 1
                    default: break
                    }
                }
            }
        }
        return (pixels, cells)
    }

    @Test("the span's lit LEDs are its colour with 256 colours and with 8, in every style",
          arguments: [(LEDStyle.dots, LEDGrid.fine), (.blocks, .fine), (.half, .fine), (.braille, .fine), (.dots, .round), (.blocks, .square)])
    func colour(style: LEDStyle, grid: LEDGrid) {
        for glyphs in [TerminalGlyphs.standard, Self.coarse] {
            let shown = Self.lit(FrameComposer.compose(Self.scene(style, grid: grid, glyphs: glyphs), layout: Self.layout)).pixels
            #expect(shown == [Self.red], "\(style) \(grid) coarse: \(glyphs.coarseColor)")
        }
    }

    @Test("without colour the span is the sign's one colour")
    func monochrome() {
        #expect(Self.lit(FrameComposer.compose(Self.scene(monochrome: true), layout: Self.layout)).pixels.isEmpty)
    }

    @Test("a blinking span goes dark in the dark half, the rest stays lit",
          arguments: [LEDStyle.dots, .half, .braille])
    func blink(style: LEDStyle) {
        let on = Self.lit(FrameComposer.compose(Self.scene(style), layout: Self.layout))
        let off = Self.lit(FrameComposer.compose(Self.scene(style, blinkedOff: true), layout: Self.layout))
        let withoutSpan = TextLayout(text: Cue(text: "AB {red}CD{/}").text, font: LEDFont.builtIn)
        let reference = Self.lit(FrameComposer.compose(Self.scene(style), layout: withoutSpan))
        #expect(off.cells < on.cells && off.cells == reference.cells && off.pixels == [Self.red])
    }

    @Test("scroll steps through marked spans draw what a full paint draws",
          arguments: [(LEDStyle.dots, LEDGrid.fine), (.half, .fine), (.braille, .fine), (.dots, .round)])
    func scrollSteps(style: LEDStyle, grid: LEDGrid) {
        let shifted = playScrollSteps(layout: Self.layout, { Self.scene(style, grid: grid, offset: $0) }, "\(style) \(grid)")
        #expect(shifted > 40)
    }

    @Test("a display mode's canvas keeps the span's colour LED by LED, a roll moves it with the LEDs, and the mode's painter draws it")
    func modeCanvas() throws {
        let scene = Self.scene()
        let canvas = try #require(ModeComposer.canvas(of: scene, layout: Self.layout, rest: nil))
        let code = Self.red.index + 1
        #expect(canvas.colors.contains(code))
        let moved = canvas.shifted(dx: 3, dy: 1)
        var checked = 0
        canvas.forEachLit { column, row in
            #expect(moved.color(column + 3, row + 1) == canvas.color(column, row) || column + 3 >= canvas.columns || row + 1 >= canvas.rows)
            checked += 1
        }
        #expect(checked > 0)
        let red = ModeComposer.paint(canvas, scene: scene) { painter in
            var found = false
            canvas.forEachLit { column, row in
                if canvas.color(column, row) == code, case .pixel(Self.red) = painter.ink(lit: true, column: column, row: row) { found = true }
            }
            return found
        }
        #expect(red)
    }

    @Test("the frame reads a style per panel column: 5,000 spans cost a frame what one does")
    func thousandsOfSpans() {
        let many = TextLayout(text: Cue(text: String(repeating: "{red}A{/}{blink}B{/} ", count: 5_000)).text, font: LEDFont.builtIn)
        var scene = Self.scene(offset: 40_000)
        scene.placement = .scrolling(ledOffset: many.width / 2, entry: .inView)
        let frame = FrameComposer.compose(scene, layout: many)
        #expect(Self.lit(frame).pixels == [Self.red])
    }
}
