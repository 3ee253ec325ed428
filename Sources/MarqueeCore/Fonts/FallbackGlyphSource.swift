/// Tries several glyph sources in order and takes the first that has the
/// character: the user's font first, then Unifont for scripts it lacks, then
/// perhaps a ``PlaceholderGlyph``.
///
/// The layout can ask which link answered, to tell the user once that a
/// fallback font was needed:
///
/// ```swift
/// let chain = FallbackGlyphSource([font, unifont])
/// if let match = chain.match(for: "日"), match.usedFallback {
///     // show the one-time notice
/// }
/// ```
public struct FallbackGlyphSource: GlyphSource {
    /// A glyph together with the position, in ``sources``, of the source
    /// that supplied it.
    public struct Match: Sendable, Equatable {
        public var glyph: Glyph
        /// Index into ``FallbackGlyphSource/sources``.
        public var sourceIndex: Int

        public init(glyph: Glyph, sourceIndex: Int) {
            self.glyph = glyph
            self.sourceIndex = sourceIndex
        }

        /// Whether the first source lacked the glyph.
        public var usedFallback: Bool { sourceIndex > 0 }
    }

    /// The sources, most preferred first.
    public let sources: [any GlyphSource]

    public init(_ sources: [any GlyphSource]) {
        self.sources = sources
    }

    /// The first source's glyph for `scalar`, and which source that was.
    func match(for scalar: Unicode.Scalar) -> Match? {
        for (index, source) in sources.enumerated() {
            if let glyph = source.glyph(for: scalar) {
                return Match(glyph: glyph, sourceIndex: index)
            }
        }
        return nil
    }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        match(for: scalar)?.glyph
    }

    /// The kerning of the source that draws both characters; none between
    /// glyphs of two fonts, whose kerning tables know nothing of each other.
    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int {
        guard let first = match(for: left)?.sourceIndex, match(for: right)?.sourceIndex == first else { return 0 }
        return sources[first].kerning(left, right)
    }

    public var hasKerning: Bool { sources.contains { $0.hasKerning } }
}
