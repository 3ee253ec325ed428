/// The words of a message with their widths in font pixels, measured once
/// so wrapping at many scales does not lay the text out again.
struct WordMeasure {
    let text: String
    /// Pixel columns including the last glyph's spacing.
    let advance: Int
    /// Pixel columns up to the last lit one.
    let inkWidth: Int

    static func measure(text: String, font: any GlyphSource) -> [WordMeasure] {
        text.split(separator: " ", omittingEmptySubsequences: true).map { word in
            let layout = TextLayout(text: String(word), font: font)
            return WordMeasure(text: String(word), advance: layout.width, inkWidth: layout.inkWidth)
        }
    }
}
