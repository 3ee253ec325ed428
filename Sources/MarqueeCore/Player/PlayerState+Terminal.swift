/// Fitting the player to the terminal it turned out to run on.
extension PlayerState {
    /// Adopts what the opened terminal can draw: a style its font cannot
    /// show is swapped for one it can (see ``GlyphRepertoire/drawableStyle(_:)``),
    /// and every later scene carries `glyphs` to the painter.
    public mutating func adapt(to glyphs: TerminalGlyphs) {
        settings.glyphs = glyphs
        settings.style = glyphs.repertoire.drawableStyle(settings.style)
    }
}
