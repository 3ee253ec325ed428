/// Anything that can give glyphs: the built-in LED font, a BDF or Unifont
/// `.hex` file, or a chain of those tried in order.
public protocol GlyphSource: Sendable {
    /// The glyph for one Unicode scalar, or `nil` when this source lacks it.
    func glyph(for scalar: Unicode.Scalar) -> Glyph?

    /// The font's pair kerning between `left` and `right` (in visual
    /// order), in whole pixels: negative sets them closer. Only an outline
    /// font through FreeType has any; ``TextLayout`` applies it, never
    /// letting the two glyphs' ink touch.
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int

    /// Whether any pair may be kerned: when not, the layout asks nothing
    /// and a long message costs what it did before kerning.
    var hasKerning: Bool { get }
}

extension GlyphSource {
    /// Bitmap fonts (the built-in face, BDF, Unifont) are not kerned.
    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int { 0 }

    public var hasKerning: Bool { false }
}
