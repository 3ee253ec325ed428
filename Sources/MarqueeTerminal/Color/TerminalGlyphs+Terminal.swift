import MarqueeCore

extension TerminalGlyphs {
    /// What a terminal named `term` that shows `depth` colours can draw:
    /// the Linux console's fonts for `linux*` entries, and a coarse palette
    /// below 256 colours (16-colour terminals too: they are detected as
    /// ``ColorDepth/eight`` and get the basic eight colours only).
    public init(term: String?, depth: ColorDepth) {
        self.init(repertoire: GlyphRepertoire(term: term), coarseColor: !depth.showsShades)
    }
}
