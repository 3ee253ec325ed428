/// Turning the player state into the scene of one frame.
extension PlayerState {
    /// Every key, for the `?` overlay (from the one key table).
    public static let helpLines = KeyBindings.helpLines

    /// The overlay's keys: those `--keys` leaves working (read only while
    /// the overlay is open).
    var keyHelpLines: [String] { settings.keys == .all ? PlayerState.helpLines : KeyBindings.helpLines(allowedBy: settings.keys) }

    /// Where things go on a terminal of `columns` x `rows` for a message
    /// whose inked rows are `lineHeight` high, in a font whose average
    /// letter is `letterWidth` pixels wide (nil fills the height whatever
    /// the width, see ``ScreenGeometry``).
    public func geometry(columns: Int, rows: Int, lineHeight: Int, letterWidth: Double? = nil) -> ScreenGeometry {
        geometry(columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: letterWidth, style: shownStyle)
    }

    private func geometry(columns: Int, rows: Int, lineHeight: Int, letterWidth: Double?, style: LEDStyle) -> ScreenGeometry {
        let captionLines = anyCaption ? (widestCaption > columns ? 2 : 1) : 0
        return ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: lineHeight,
                              captionLines: captionLines, helpLines: helpOpen ? keyHelpLines.count : nil,
                              maximumScale: settings.scale, letterWidth: letterWidth)
    }

    /// How the message stands this frame. At rest (not scrolling, motion
    /// stopped by the policy, completed, or a flow message that fits) it is
    /// laid out whole; pause keeps the scrolled frame exactly as it was.
    public var placementKind: PlacementKind {
        scrollsNow && motion.animationAllowed ? .scrolling : .rest
    }

    /// The two ways a message stands on the sign.
    public enum PlacementKind: Sendable, Equatable { case scrolling, rest }

    /// The scene for a terminal of `columns` x `rows` at time `t`, for a
    /// message whose inked rows are `lineHeight` high in a font whose
    /// average letter is `letterWidth` pixels wide. The scroll clock counts characters; the scene turns
    /// them into LEDs at the measure's rate (``MessageMeasure/ledsPerCharacter``).
    public func scene(at t: Double, columns: Int, rows: Int, lineHeight: Int, letterWidth: Double? = nil) -> MarqueeScene {
        // Each of these resolves the motion policy or the look: once a frame.
        let style = shownStyle
        let kind = placementKind
        let shown = shownCue
        let geometry = geometry(columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: letterWidth, style: style)
        let placement: MarqueeScene.Placement = kind == .scrolling
            ? .scrolling(ledOffset: Int((clock.sample(at: t) * ledsPerCharacter).rounded(.down)),
                         entry: entersInView ? .inView : .rightEdge)
            : .rest
        let pages = kind == .rest ? (measure?.restPages ?? 1) : 1
        var rainbowPhase: Int?
        if showsRainbow {
            // Cycling colours is decorative: it runs only when effects may.
            rainbowPhase = effectsAllowed && shouldRenderFrames ? Int((t * 6).rounded(.down)) % MarqueeScene.rainbowHues : 0
        }
        // The bar is the flow message's wait, which an interrupt holds back.
        let countdown = advancesAutomatically && controlsVisible && interrupt == nil
            ? MarqueeScene.Countdown(filledEighths: Int((countdownRemaining(at: t) * Double(columns * 8)).rounded()),
                                     frozen: waitStartedAt == nil)
            : nil
        return MarqueeScene(geometry: geometry, style: style, monochrome: settings.monochrome, messageID: messageID,
                            plainText: shown.displayText, placement: placement,
                            // A blink's off half is the sign's unlit grid, as on a real sign.
                            litShade: blinkedOff(at: t) ? .unlit : litShade(at: t),
                            rainbowPhase: rainbowPhase, caption: shown.displayCaption,
                            captionOffset: Int(captionClock.sample(at: t).rounded(.down)),
                            countdown: countdown,
                            controls: controlsVisible ? controlsLine(columns: columns) : nil,
                            help: helpOpen ? keyHelpLines.map(settings.glyphs.repertoire.spell) : nil,
                            glyphs: settings.glyphs, color: shownColor, dark: isDark, brightness: ledBrightness,
                            driftStep: kind == .rest ? driftStep : 0,
                            page: pages > 1 ? MarqueeScene.Page(index: page(of: pages), count: pages) : nil)
    }
}
