/// The colours of colour glyphs (emoji) under each panel column, read from
/// the layout once per frame beside the lit masks, for the columns the
/// frame paints: the cost follows the panel, not the text. Laid out as the
/// masks (one slot per panel column and line of text).
struct PanelColors {
    /// Each slot's glyph colours and the column within them; nil where the
    /// column shows no colour glyph.
    var slots: [(colors: GlyphColors, column: Int)?]

    init(slots: Int) {
        self.slots = Array(repeating: nil, count: slots)
    }

    /// Reads `layout`'s colours at text column `textColumn` into `slot`.
    @inline(__always)
    mutating func read(_ layout: TextLayout, at textColumn: Int, into slot: Int) {
        slots[slot] = layout.colorColumn(at: textColumn)
    }

    /// The colour of font row `row` in `slot`.
    @inline(__always)
    func color(slot: Int, row: Int) -> LEDPixelColor? {
        guard let entry = slots[slot] else { return nil }
        return entry.colors[entry.column, row]
    }
}
