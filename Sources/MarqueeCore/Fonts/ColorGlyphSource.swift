/// Colour glyphs (emoji from a colour font, docs/display.md, "Colour
/// emoji") drawn to a line box: the last link of a message's fallback chain
/// (``FontStack``), asked only for what the chosen font and the fallback
/// font lack. When the chosen font is drawn at another height, so are these.
public protocol ColorGlyphSource: GlyphSource {
    /// The same glyphs drawn into a line box of `ascent` rows above the
    /// baseline and `descent` below: a chosen font's.
    func sized(ascent: Int, descent: Int) -> any ColorGlyphSource
}
