/// The shown message's own look (``CueLook``) against the sign's settings:
/// what it is drawn in and how it moves (docs/cue-flow.md, "Looks").
extension PlayerState {
    /// The style the message on the sign is drawn in: its own, else
    /// `--style`; either swapped for one the terminal can draw.
    public var shownStyle: LEDStyle {
        settings.glyphs.repertoire.drawableStyle(currentLook.style ?? settings.style)
    }

    /// The message's own colour; nil draws it in the sign's `--color`.
    public var shownColor: LEDColor? { currentLook.color }

    /// The brightness the LEDs are drawn at now: the message's own, else
    /// `--brightness`, and no brighter than quiet hours' `dim` while they
    /// hold (a key that lights the sign lifts that, not the message's own):
    /// quiet hours are a ceiling, so a sign already set dimmer than them
    /// does not brighten at night (docs/display.md, "Brightness").
    public var shownBrightness: Brightness {
        let own = currentLook.brightness ?? settings.brightness
        return quietBrightnessCap.map { min(own, $0) } ?? own
    }

    /// ``shownBrightness`` as the scene carries it, 0.01 … 1 (1 in full).
    public var ledBrightness: Double { shownBrightness.level }

    /// Whether the message on the sign cycles the rainbow. A message's own
    /// colour wins over the sign's: a solid one is drawn solid on a
    /// `-c rainbow` sign, and `rainbow` makes a rainbow on any sign.
    public var showsRainbow: Bool {
        currentLook.color.map { $0 == .rainbow } ?? settings.rainbow
    }

    /// Whether the message on the sign blinks now: its own `blink`, while
    /// effects are allowed and frames are drawn (blinking is decorative, as
    /// the rainbow is; a paused or stopped sign holds it lit).
    public var blinks: Bool { currentLook.blink == true && effectsAllowed && shouldRenderFrames }

    /// Whether the shown message's `{blink}` spans blink now: whenever
    /// frames are drawn, at tier reduced too (a marked word carries
    /// meaning, docs/motion-policy.md); a paused or stopped sign holds
    /// them lit.
    public var blinksMarkup: Bool { shownCue.blinksMarkup && shouldRenderFrames }

    /// Whether a blinking message is in the off half of its second at `t`:
    /// lit for the first half of each second of engine time, its LEDs unlit
    /// for the second, whatever the frame rate.
    public func blinkedOff(at t: Double) -> Bool {
        blinks && t - t.rounded(.down) >= 0.5
    }
}
