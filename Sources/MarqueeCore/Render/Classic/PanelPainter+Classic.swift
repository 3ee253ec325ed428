extension PanelPainter {
    /// Paints the classic grid (`--leds round|square`) over the LED units in
    /// `leds` (panel columns of the fine `dots` geometry): each block of
    /// `scale` x `scale` units is one big LED, lit by the font pixel it
    /// shows, drawn as `ClassicLED`'s cells. The geometry keeps the panel a
    /// whole number of LEDs (``ScreenGeometry``) and the text on their
    /// boundaries, so a scroll step, whole LEDs at a time, moves whole LEDs.
    /// Returns the frame columns painted.
    func paintClassic(into frame: inout FrameModel, leds: Range<Int>, unlitByGlyph: Bool) -> Range<Int> {
        let geometry = scene.geometry
        let size = max(1, geometry.scale)
        let led = ClassicLED(size: size, grid: scene.grid, repertoire: scene.glyphs.repertoire)
        let top = geometry.ledAreaTop
        for row in 0..<geometry.panelRows {
            let ledRow = row - row % size
            frame.writeRow(top + row) { cells in
                for column in leds {
                    let offset = column % size
                    let first = column - offset
                    // Every unit of a big LED reads the font pixel of its first.
                    let lit = isLit(column: first, row: ledRow)
                    let color = ink(lit: lit, column: first, row: ledRow)
                    for half in 0..<2 {
                        let scalar = led.cell(column: 2 * offset + half, row: row % size, lit: lit, unlitByGlyph: unlitByGlyph)
                        // The gap keeps the LED's colour on a space: a run of
                        // LEDs is one colour change for the terminal.
                        cells[column * 2 + half] = Cell(scalar ?? " ", foreground: color)
                    }
                }
            }
        }
        return (leds.lowerBound * 2)..<(leds.upperBound * 2)
    }
}
