/// The shown message's own look (``CueLook``) against the sign's settings:
/// what it is drawn in and how it moves (docs/cue-flow.md, "Looks").
extension PlayerState {
    /// The style the message on the sign is drawn in: its own, else
    /// `--style`; either swapped for one the terminal can draw.
    public var shownStyle: LEDStyle {
        settings.glyphs.repertoire.drawableStyle(currentCue.look.style ?? settings.style)
    }

    /// The message's own colour; nil draws it in the sign's `--color`.
    public var shownColor: LEDColor? { currentCue.look.color }

    /// Whether the message on the sign cycles the rainbow. A message's own
    /// colour wins over the sign's: a solid one is drawn solid on a
    /// `-c rainbow` sign, and `rainbow` makes a rainbow on any sign.
    public var showsRainbow: Bool {
        currentCue.look.color.map { $0 == .rainbow } ?? settings.rainbow
    }
}
