/// Turns lit/unlit LEDs into terminal cells for each `LEDStyle`.
struct PanelPainter {
    let scene: MarqueeScene
    /// The frame's masks, hues and rows of text, lent by the composer.
    private let inputs: PanelInputs
    private let panelColumns: Int
    /// Whether unlit LEDs beside a lit one glow (`MarqueeScene.glow`): not
    /// while fading (the lit LEDs are dim themselves), and not where unlit
    /// LEDs are told apart by glyph (no shade to glow in).
    private let glows: Bool
    /// Panel units from one LED to the next: 1, or `scale` on the classic grid.
    let pitch: Int
    /// The brightness steps (``GlyphLevels``) of the LEDs each panel column
    /// shows, laid out as `masks`; empty when the frame draws none.
    private let levels: PanelLevels?
    /// Whether LEDs are drawn in brightness steps: the text has them and
    /// the scene can show them (``drawsLevels(_:)``).
    private let graded: Bool
    /// Colour glyphs' colours under each panel column; nil when the frame
    /// draws none (``drawsColors(_:)``).
    private let colors: PanelColors?

    /// The brightness steps and colour glyphs' colours are
    /// ``PanelLevels`` and ``PanelColors``, read with `inputs`; nil when
    /// the frame draws none.
    init(scene: MarqueeScene, inputs: PanelInputs, levels: PanelLevels? = nil, colors: PanelColors? = nil) {
        self.scene = scene
        self.inputs = inputs
        panelColumns = scene.geometry.panelColumns
        glows = scene.glow && scene.litShade == .lit && !(scene.monochrome || scene.glyphs.coarseColor)
        pitch = scene.geometry.ledPitch
        graded = levels != nil && PanelPainter.drawsLevels(scene)
        self.levels = graded ? levels : nil
        // The composer made them only for what the scene draws
        // (``drawsColors(_:)``, ``drawsMarkup(_:)``).
        self.colors = colors
    }

    /// Whether some lit LED may have a colour of its own (a colour glyph's,
    /// a markup span's): a mode reads them only then.
    var drawsOwnColors: Bool { colors != nil }

    /// Whether `scene` draws inline markup spans in their own colours
    /// (docs/display.md, "Inline markup"): at every colour depth, as the
    /// sign's own colour is (8 colours take the nearest of the eight), but
    /// not without colour (one colour, the sign's), nor while a message
    /// fades in or blinks dark (its lit LEDs a shade of the sign's colour).
    static func drawsMarkup(_ scene: MarqueeScene) -> Bool {
        !scene.monochrome && scene.litShade == .lit
    }

    /// Whether `scene` draws colour glyphs (emoji) in their own colours
    /// (docs/display.md, "Colour emoji"): where it has shades of colour, as
    /// for brightness steps; elsewhere a colour glyph is its shape, lit by
    /// its alpha, in the sign's colour.
    static func drawsColors(_ scene: MarqueeScene) -> Bool {
        drawsLevels(scene)
    }

    /// The colour glyph's colour of the LED at `column`, `row`, or nil.
    @inline(__always)
    private func pixelColor(column: Int, row: Int) -> LEDPixelColor? {
        guard let colors, row >= 0, row < inputs.rowOfLED.count, column >= 0, column < panelColumns else { return nil }
        if !colors.leds.isEmpty {
            let code = colors.leds[row * panelColumns + column]
            return code == 0 ? nil : LEDPixelColor(index: code - 1)
        }
        let fontRow = inputs.rowOfLED[row]
        guard fontRow >= 0 else { return nil }
        return colors.color(slot: (inputs.rowBand.isEmpty ? 0 : inputs.rowBand[row] * panelColumns) + column, row: fontRow)
    }

    /// Whether `scene` shows LEDs in brightness steps where the text has
    /// them (docs/display.md, "LEDs in brightness steps"): only where an
    /// unlit LED is a shade of its own (256 and direct colour; with fewer
    /// colours or none the threshold alone decides, as unlit LEDs are told
    /// apart by glyph), not in braille (one colour for eight dots), and not
    /// while a message fades in (its lit LEDs are a step themselves).
    static func drawsLevels(_ scene: MarqueeScene) -> Bool {
        scene.litShade == .lit && !(scene.monochrome || scene.glyphs.coarseColor) && scene.style != .braille
    }

    /// The shade of the brightness step of the LED at `column`, `row`, or
    /// nil when it has none.
    @inline(__always)
    private func levelShade(column: Int, row: Int) -> LEDShade? {
        guard row >= 0, row < inputs.rowOfLED.count, column >= 0, column < panelColumns else { return nil }
        let fontRow = inputs.rowOfLED[row]
        guard fontRow >= 0, fontRow < 64 else { return nil }
        let index = (inputs.rowBand.isEmpty ? 0 : inputs.rowBand[row] * panelColumns) + column
        guard let levels else { return nil }
        return GlyphLevels.shade(low: levels.low[index], high: levels.high[index], row: fontRow)
    }

    @inline(__always)
    func isLit(column: Int, row: Int) -> Bool {
        guard row >= 0, row < inputs.rowOfLED.count, column >= 0, column < panelColumns else { return false }
        let fontRow = inputs.rowOfLED[row]
        let band = inputs.rowBand.isEmpty ? 0 : inputs.rowBand[row] * panelColumns
        return fontRow >= 0 && fontRow < 64 && inputs.masks[band + column] >> UInt64(fontRow) & 1 == 1
    }

    @inline(__always)
    func ink(lit: Bool, column: Int) -> Ink {
        .led(lit ? scene.litShade : .unlit, hue: inputs.hues[column])
    }

    /// The ink of the LED at `column`, `row` (its first unit on the classic
    /// grid): lit, in a colour glyph's own colour where it has one; or,
    /// unlit, its brightness step where the glyph covers it
    /// in part; else the faintest shade when `--glow` has a lit LED beside
    /// it, above or below; else unlit.
    @inline(__always)
    func ink(lit: Bool, column: Int, row: Int) -> Ink {
        if lit, colors != nil, let color = pixelColor(column: column, row: row) { return .pixel(color) }
        guard !lit, glows || graded else { return ink(lit: lit, column: column) }
        if graded, let shade = levelShade(column: column, row: row) { return .led(shade, hue: inputs.hues[column]) }
        guard glows else { return ink(lit: lit, column: column) }
        let beside = isLit(column: column - pitch, row: row) || isLit(column: column + pitch, row: row)
            || isLit(column: column, row: row - pitch) || isLit(column: column, row: row + pitch)
        return .led(beside ? .glow1 : .unlit, hue: inputs.hues[column])
    }

    /// Frame rows the panel is painted on.
    var frameRows: Range<Int> {
        scene.geometry.ledAreaTop..<(scene.geometry.ledAreaTop + scene.geometry.ledAreaRows)
    }

    /// Frame columns the panel is painted on.
    var frameColumns: Range<Int> {
        0..<(scene.geometry.panelColumns * scene.style.halfCellsPerLED / 2)
    }

    /// Paints the panel's LED columns in `only` (all of them by default): a
    /// scroll step paints just the columns coming into view. Braille cells
    /// hold two LED columns, so there the range is taken in whole cells.
    /// Returns the frame columns painted.
    ///
    /// `keepsDarkRows`: the frame already holds this scene's panel, moved
    /// (a scroll step without a rainbow), so a row outside the text band,
    /// unlit LEDs of one hue throughout, already has in those columns the
    /// very cells that would be painted, and is left unwritten: more than
    /// half a tall sign's rows, each a cache line the step need not touch.
    @discardableResult
    func paint(into frame: inout FrameModel, only: Range<Int>? = nil, keepsDarkRows: Bool = false) -> Range<Int> {
        let geometry = scene.geometry
        let leds = only.map { $0.clamped(to: 0..<geometry.panelColumns) } ?? 0..<geometry.panelColumns
        let top = geometry.ledAreaTop
        // Without colour, or with too few to shade one (8 colours have a
        // single red), a dim unlit LED would be the lit colour again, told
        // apart by bold alone: unlit LEDs get a glyph of their own instead.
        let unlitByGlyph = scene.monochrome || scene.glyphs.coarseColor
        switch scene.style {
        case .dots, .blocks:
            if scene.grid.isClassic { return paintClassic(into: &frame, leds: leds, unlitByGlyph: unlitByGlyph) }
            let litGlyph: Unicode.Scalar = scene.style == .dots ? "●" : "█"
            let unlitGlyph: Unicode.Scalar = unlitByGlyph ? (scene.style == .dots ? "·" : "░") : litGlyph
            let blocks = scene.style == .blocks
            if !glows, colors == nil {
                paintShades(into: &frame, leds: leds, lit: litGlyph, unlit: unlitGlyph, blocks: blocks, keepsDarkRows: keepsDarkRows)
                return (leds.lowerBound * 2)..<(leds.upperBound * 2)
            }
            for row in 0..<geometry.panelRows {
                frame.writeRow(top + row) { cells in
                    for column in leds {
                        let lit = isLit(column: column, row: row)
                        let cell = Cell(lit ? litGlyph : unlitGlyph, foreground: ink(lit: lit, column: column, row: row))
                        cells[column * 2] = cell
                        // The gap after a dot takes the dot's colour: a run of
                        // equal LEDs is then one colour change and one string
                        // for the terminal, not a colour switch per LED.
                        cells[column * 2 + 1] = blocks ? cell : Cell(" ", foreground: cell.foreground)
                    }
                }
            }
            return (leds.lowerBound * 2)..<(leds.upperBound * 2)
        case .half:
            for row in 0..<geometry.ledAreaRows {
                frame.writeRow(top + row) { cells in
                    for column in leds {
                        let upper = isLit(column: column, row: row * 2)
                        let lower = isLit(column: column, row: row * 2 + 1)
                        // One ink per cell when unlit LEDs are glyphs: lit and
                        // unlit inks as foreground and background would be one
                        // colour on itself with a coarse palette. A markup
                        // span's colour is the upper LED's, else the lower's.
                        let litRow = upper || !lower ? row * 2 : row * 2 + 1
                        cells[column] = unlitByGlyph
                            ? Cell(upper ? (lower ? "█" : "▀") : (lower ? "▄" : " "), foreground: ink(lit: true, column: column, row: litRow))
                            : Cell("▀", foreground: ink(lit: upper, column: column, row: row * 2),
                                   background: ink(lit: lower, column: column, row: row * 2 + 1))
                    }
                }
            }
            return leds
        case .braille:
            let cellColumns = only == nil ? 0..<geometry.columns
                : (leds.lowerBound / 2..<((leds.upperBound + 1) / 2)).clamped(to: 0..<geometry.columns)
            for row in 0..<geometry.ledAreaRows {
                frame.writeRow(top + row) { cells in
                    for cellColumn in cellColumns {
                        var pattern: UInt32 = 0
                        // One colour for eight dots: the first lit dot's,
                        // column by column (a markup span's or a glyph's).
                        var first: (column: Int, row: Int)?
                        for dx in 0..<2 {
                            for dy in 0..<4 where isLit(column: cellColumn * 2 + dx, row: row * 4 + dy) {
                                pattern |= PanelPainter.brailleBit(column: dx, row: dy)
                                if first == nil { first = (cellColumn * 2 + dx, row * 4 + dy) }
                            }
                        }
                        let column = min(cellColumn * 2, inputs.hues.count - 1)
                        cells[cellColumn] = pattern != 0
                            ? Cell(Unicode.Scalar(0x2800 + pattern)!,
                                   foreground: colors != nil ? first.map { ink(lit: true, column: $0.column, row: $0.row) } ?? ink(lit: true, column: column)
                                       : ink(lit: true, column: column))
                            : Cell(unlitByGlyph ? " " : "⣿", foreground: ink(lit: false, column: column))
                    }
                }
            }
            return cellColumns
        }
    }

    /// Dots or blocks where each LED is lit in the scene's shade, unlit, or
    /// (from an outline font) a brightness step: no glow or colour glyphs,
    /// a scroll's usual frame. The same cells as the general loop, written
    /// as packed cells with the row's font row and band read once, since a
    /// scroll step paints these columns on every panel row.
    private func paintShades(into frame: inout FrameModel, leds: Range<Int>, lit litGlyph: Unicode.Scalar,
                             unlit unlitGlyph: Unicode.Scalar, blocks: Bool, keepsDarkRows: Bool) {
        let inputs = inputs, top = scene.geometry.ledAreaTop, columns = panelColumns
        let litShade = scene.litShade, levels = levels
        for row in 0..<scene.geometry.panelRows {
            let fontRow = inputs.rowOfLED[row]
            let shows = fontRow >= 0 && fontRow < 64
            if !shows, keepsDarkRows { continue }
            let band = inputs.rowBand.isEmpty ? 0 : inputs.rowBand[row] * columns
            frame.writeRow(top + row) { cells in
                for column in leds {
                    let lit = shows && inputs.masks[band + column] >> UInt64(fontRow) & 1 == 1
                    var shade = lit ? litShade : .unlit
                    if !lit, shows, let levels {
                        shade = GlyphLevels.shade(low: levels.low[band + column], high: levels.high[band + column], row: fontRow) ?? shade
                    }
                    let ink = UInt64(Ink.led(shade, hue: inputs.hues[column]).code) << 24
                    let dot = UInt64((lit ? litGlyph : unlitGlyph).value) | ink
                    // The gap after a dot takes the dot's colour, as below.
                    cells.set(packed: dot, column: column * 2)
                    cells.set(packed: blocks ? dot : UInt64(Unicode.Scalar(" ").value) | ink, column: column * 2 + 1)
                }
            }
        }
    }

    /// The bit of a braille cell's dot at `column` (0, 1) and `row` (0 … 3):
    /// dots 1–3 and 4–6 run down the columns, 7 and 8 are the bottom row
    /// (U+2800's order).
    @inline(__always)
    static func brailleBit(column: Int, row: Int) -> UInt32 {
        row < 3 ? 1 << UInt32(row + 3 * column) : 0x40 << UInt32(column)
    }
}
