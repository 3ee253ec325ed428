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

    /// Puts the scroll clock at the speed and direction the message on the
    /// sign starts with: its own `speed` and `static`, each falling back to
    /// the sign's (``PlayerSettings/speed``, ``PlayerSettings/staticText``,
    /// which the keys keep up to date). Held still is speed 0, as `--static`.
    mutating func startMotion(at t: Double) {
        let look = currentCue.look
        let speed = look.speed ?? settings.speed
        // The sign of zero too: `r` on a still sign is kept for `+`.
        let direction: Double = speed.sign == .minus ? -1 : 1
        let held = look.isStatic ?? (look.speed.map { $0 == 0 } ?? settings.staticText)
        var moving = abs(speed)
        // `static: false` on a sign of speed 0 asks to move: at the default.
        if moving == 0, look.isStatic == false { moving = PlayerSettings().speed }
        clock.setPace(speed: held ? 0 : moving, direction: direction, at: t)
    }

    /// After `+`, `-` or `r` changed the clock: a message without its own
    /// motion moves at the sign's, so the sign's speed becomes what the key
    /// made it and the next message keeps it. A message with its own keeps
    /// the change to itself, until another message shows.
    mutating func keepSignMotion() {
        guard !currentCue.look.setsMotion else { return }
        if clock.speed > 0 {
            settings.staticText = false
            settings.speed = clock.direction < 0 ? -clock.speed : clock.speed
        } else {
            // Still: only the way it will move when it starts.
            settings.speed = clock.direction < 0 ? -abs(settings.speed) : abs(settings.speed)
        }
    }
}
