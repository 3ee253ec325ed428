/// The brightness steps (``GlyphLevels``) of the LEDs each panel column
/// shows, read from the layout once per frame alongside the lit masks, for
/// the columns the frame paints: the cost follows the panel, not the text.
struct PanelLevels {
    /// Bit 0 and bit 1 of each LED's step, one mask per panel column.
    var low: [UInt64]
    var high: [UInt64]

    init(columns: Int) {
        low = [UInt64](repeating: 0, count: columns)
        high = [UInt64](repeating: 0, count: columns)
    }

    /// Reads `layout`'s steps at text column `textColumn` into panel slot `slot`.
    @inline(__always)
    mutating func read(_ layout: TextLayout, at textColumn: Int, into slot: Int) {
        (low[slot], high[slot]) = layout.levels(at: textColumn)
    }
}
