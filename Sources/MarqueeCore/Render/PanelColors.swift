/// The colours of colour glyphs (emoji) and of inline markup spans under
/// each panel column, read from the layout once per frame beside the lit
/// masks, for the columns the frame paints: the cost follows the panel, not
/// the text or its spans. Laid out as the masks (one slot per panel column
/// and line of text).
struct PanelColors {
    /// Each slot's glyph colours and the column within them; nil where the
    /// column shows no colour glyph. Empty when the frame draws none.
    var slots: [(colors: GlyphColors, column: Int)?]
    /// Each slot's markup span colour: 0 for the sign's, else 1 + the
    /// ``LEDPixelColor`` index. Empty when the frame draws none.
    var spans: [UInt8]

    /// Each panel LED's own colour, row by row, as ``spans`` codes it: a
    /// display mode's frame (``ModeComposer``), whose LEDs may have moved.
    /// Empty elsewhere.
    var leds: [UInt8] = []

    /// Colours LED by LED for `leds` panel LEDs (``leds``).
    init(leds: Int) {
        slots = []
        spans = []
        self.leds = Array(repeating: 0, count: leds)
    }

    /// `glyphs`: colour glyphs are drawn; `spans`: markup colours are.
    init(slots: Int, glyphs: Bool = true, spans: Bool = false) {
        self.slots = glyphs ? Array(repeating: nil, count: slots) : []
        self.spans = spans ? Array(repeating: 0, count: slots) : []
    }

    /// Made when the frame draws either kind of colour, else nil.
    static func drawn(slots: Int, glyphs: Bool, spans: Bool) -> PanelColors? {
        glyphs || spans ? PanelColors(slots: slots, glyphs: glyphs, spans: spans) : nil
    }

    /// Keeps `style`'s colour for `slot`.
    @inline(__always)
    mutating func read(_ style: MarkupStyle, into slot: Int) {
        if !spans.isEmpty { spans[slot] = style.color.map { $0.index + 1 } ?? 0 }
    }

    /// Reads `layout`'s colours at text column `textColumn` into `slot`.
    @inline(__always)
    mutating func read(_ layout: TextLayout, at textColumn: Int, into slot: Int) {
        if !slots.isEmpty { slots[slot] = layout.colorColumn(at: textColumn) }
    }

    /// The colour of font row `row` in `slot`: a colour glyph's own where
    /// it has one (an emoji in a red span stays itself), else its span's.
    @inline(__always)
    func color(slot: Int, row: Int) -> LEDPixelColor? {
        if !slots.isEmpty, let entry = slots[slot], let color = entry.colors[entry.column, row] { return color }
        guard !spans.isEmpty, spans[slot] != 0 else { return nil }
        return LEDPixelColor(index: spans[slot] - 1)
    }
}
