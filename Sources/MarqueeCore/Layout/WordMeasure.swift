/// The words of a message with their widths in font pixels, measured once
/// so wrapping at many scales does not lay the text out again.
struct WordMeasure {
    let text: String
    /// Pixel columns including the last glyph's spacing.
    let advance: Int
    /// Pixel columns up to the last lit one.
    let inkWidth: Int

    static func measure(text: String, font: any GlyphSource) -> [WordMeasure] {
        // Each word carries its markup span's style (``MarkupText/words(_:)``).
        MarkupText.words(text).map { word in
            let layout = TextLayout(text: word, font: font)
            return WordMeasure(text: word, advance: layout.width, inkWidth: layout.inkWidth)
        }
    }
}
