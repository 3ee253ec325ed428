/// A font read from a file: a glyph source whose glyphs all share one line
/// box, so the layout can size the sign and draw placeholders to match.
///
/// ```swift
/// let font: any FontFace = try BDFFont(bytes: bytes, name: "6x13.bdf")
/// let box = PlaceholderGlyph(ascent: font.ascent, descent: font.descent)
/// ```
public protocol FontFace: GlyphSource {
    /// The file name the font came from, for messages.
    var name: String { get }
    /// Rows of the line box above the baseline, shared by every glyph.
    var ascent: Int { get }
    /// Rows of the line box below the baseline, shared by every glyph.
    var descent: Int { get }
    /// Advance a space should have when the font itself lacks U+0020.
    var spaceAdvance: Int { get }
}
