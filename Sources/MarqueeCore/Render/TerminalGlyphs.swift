/// What the terminal showing the sign allows when choosing glyphs: the
/// characters its font has, and whether its palette is too coarse to shade
/// one colour. The app decides it once the screen is open; the painter and
/// composer only read it, so they stay free of terminal knowledge.
public struct TerminalGlyphs: Sendable, Hashable {
    public var repertoire: GlyphRepertoire
    /// Fewer than 256 colours: a dim and a bright red are the same ANSI red
    /// (apart from bold), so an unlit LED must differ from a lit one by its
    /// glyph, and no cell may put a colour on itself.
    public var coarseColor: Bool

    public init(repertoire: GlyphRepertoire, coarseColor: Bool) {
        self.repertoire = repertoire
        self.coarseColor = coarseColor
    }

    /// A Unicode terminal with 256 colours or more: every style as designed.
    public static let standard = TerminalGlyphs(repertoire: .unicode, coarseColor: false)
}
