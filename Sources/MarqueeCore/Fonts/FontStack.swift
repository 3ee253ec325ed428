import Synchronization

/// Picks the glyphs for each message: the chosen font, and the fallback
/// font (Unifont) only when the message has characters the chosen font lacks.
///
/// With the built-in LED font, a message that needs the fallback is set
/// entirely in it: a 16-row CJK glyph next to 7-row LED capitals looks like
/// two signs glued together, while one font keeps one stroke weight and one
/// height across the line, as on real signs that show CJK. A font the user
/// named with `--font` is kept, and only its missing glyphs come from the
/// fallback.
///
/// ```swift
/// let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: unifont)
/// let layout = TextLayout(text: "こんにちは", font: fonts.source(for: "こんにちは"))
/// ```
public struct FontStack: Sendable {
    public let primary: any GlyphSource
    public let primaryIsBuiltIn: Bool
    public let fallback: (any GlyphSource)?
    /// Colour glyphs (emoji) for what both fonts lack, in their own colours.
    public let colorGlyphs: (any ColorGlyphSource)?

    public init(primary: any GlyphSource, primaryIsBuiltIn: Bool, fallback: (any GlyphSource)?,
                colorGlyphs: (any ColorGlyphSource)? = nil) {
        self.primary = primary
        self.primaryIsBuiltIn = primaryIsBuiltIn
        self.fallback = fallback
        self.colorGlyphs = colorGlyphs
    }

    /// The glyph source to lay out `text` with. The fallback is brought in
    /// only for characters it can draw: a message whose only gaps are found
    /// nowhere (an emoji beyond plane 0, which Debian's Unifont lacks) keeps
    /// the chosen font and shows boxes in its style. What neither font
    /// has, the colour glyphs may (an emoji): they come last, and change
    /// nothing of which font sets the rest.
    public func source(for text: String) -> any GlyphSource {
        guard fallback != nil || colorGlyphs != nil else { return primary }
        let lacking = uncovered(text)
        guard !lacking.isEmpty else { return primary }
        var chain: [any GlyphSource] = [primary]
        if let fallback, lacking.contains(where: { fallback.glyph(for: $0) != nil }) {
            chain = primaryIsBuiltIn ? [fallback, primary] : [primary, fallback]
        }
        if let colorGlyphs, lacking.contains(where: { scalar in
            !chain.contains { $0.glyph(for: scalar) != nil } && colorGlyphs.glyph(for: scalar) != nil
        }) {
            chain.append(colorGlyphs)
        }
        return chain.count == 1 ? primary : FallbackGlyphSource(chain)
    }

    /// Whether the primary font has every character of `text` that is drawn:
    /// checked as laid out (see ``VisualText``), so `e` + U+0301 needs `é`,
    /// Arabic needs its joined presentation forms, and a combining mark
    /// with no precomposed form needs the mark itself, which the overlay
    /// draws. Joiners and variation selectors draw nothing and need nothing.
    public func covers(_ text: String) -> Bool {
        uncovered(text).isEmpty
    }

    /// The drawn scalars of `text` the primary font lacks, each once.
    private func uncovered(_ text: String) -> Set<Unicode.Scalar> {
        var lacking = Set<Unicode.Scalar>()
        var checked = Set<Unicode.Scalar>()
        for scalar in VisualText.scalars(text) where ScalarRole(scalar) != .ignored {
            guard checked.insert(scalar).inserted else { continue }
            if primary.glyph(for: scalar) == nil { lacking.insert(scalar) }
        }
        return lacking
    }
}
