/// Anything that can give glyphs: the built-in LED font, a BDF or Unifont
/// `.hex` file, or a chain of those tried in order.
public protocol GlyphSource: Sendable {
    /// The glyph for one Unicode scalar, or `nil` when this source lacks it.
    func glyph(for scalar: Unicode.Scalar) -> Glyph?
}
