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
        geometry(columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: letterWidth, style: panelStyle)
    }

    /// The style the panel is reckoned in: the shown one on the fine grid,
    /// the classic grid's units (``LEDGrid/classicUnits``) on its big LEDs.
    var panelStyle: LEDStyle { settings.grid.isClassic ? LEDGrid.classicUnits : shownStyle }

    private func geometry(columns: Int, rows: Int, lineHeight: Int, letterWidth: Double?, style: LEDStyle) -> ScreenGeometry {
        let captionLines = anyCaption ? (widestCaption > columns ? 2 : 1) : 0
        return ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: lineHeight,
                              captionLines: captionLines, helpLines: helpOpen ? keyHelpLines.count : nil,
                              maximumScale: settings.scale, letterWidth: letterWidth, grid: settings.grid,
                              rowsOfLEDs: settings.rowsOfLEDs)
    }

    /// How the message stands this frame. At rest (not scrolling, motion
    /// stopped by the policy, completed, or a flow message that fits) it is
    /// laid out whole; pause keeps the scrolled frame exactly as it was.
    public var placementKind: PlacementKind {
        (scrollsNow || bouncesNow) && motion.animationAllowed ? .scrolling : .rest
    }

    /// The two ways a message stands on the sign.
    public enum PlacementKind: Sendable, Equatable { case scrolling, rest }

    /// The scene for a terminal of `columns` x `rows` at time `t`, for a
    /// message whose inked rows are `lineHeight` high in a font whose
    /// average letter is `letterWidth` pixels wide. The scroll clock counts characters; the scene turns
    /// them into LEDs at the measure's rate (``MessageMeasure/ledsPerCharacter``).
    public func scene(at t: Double, columns: Int, rows: Int, lineHeight: Int, letterWidth: Double? = nil) -> MarqueeScene {
        scene(at: t, from: sceneTemplate(columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: letterWidth))
    }

    /// Everything of the scene but what moves with time, for a terminal of
    /// `columns` x `rows` (see ``scene(at:columns:rows:lineHeight:letterWidth:)``).
    /// It changes only with the state (``changeCount``) and those sizes,
    /// so a caller drawing frame after frame keeps it (``SceneTemplate/fits(_:columns:rows:lineHeight:letterWidth:)``)
    /// and a frame tick costs only the scene's times.
    public func sceneTemplate(columns: Int, rows: Int, lineHeight: Int, letterWidth: Double? = nil) -> SceneTemplate {
        // Each of these resolves the motion policy or the look: once a template.
        let style = panelStyle
        let kind = placementKind
        let shown = shownCue
        let geometry = geometry(columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: letterWidth, style: style)
        let pages = restPages
        let scene = MarqueeScene(geometry: geometry, style: style, monochrome: settings.monochrome, messageID: messageID,
                                 plainText: shown.displayText, placement: .rest, litShade: .lit,
                                 rainbowPhase: showsRainbow ? 0 : nil, caption: shown.displayCaption,
                                 controls: controlsVisible ? controlsLine(columns: columns) : nil,
                                 help: helpOpen ? keyHelpLines.map(settings.glyphs.repertoire.spell) : nil,
                                 glyphs: settings.glyphs, color: shownColor, dark: isDark, brightness: ledBrightness,
                                 driftStep: kind == .rest ? driftStep : 0,
                                 page: pages > 1 ? MarqueeScene.Page(index: page(of: pages), count: pages) : nil,
                                 grid: settings.grid,
                                 // Glow is decorative, as the rainbow's cycle is.
                                 glow: settings.glow && effectsAllowed)
        // The bar is the flow message's wait, which an interrupt holds back.
        let countdown = advancesAutomatically && controlsVisible && interrupt == nil
        return SceneTemplate(
            base: scene, key: .init(changeCount: changeCount, columns: columns, rows: rows, lineHeight: lineHeight,
                                    letterWidth: letterWidth),
            scrollEntry: kind == .scrolling ? (entersInView ? .inView : .rightEdge) : nil,
            ledsPerCharacter: ledsPerCharacter,
            ledsPerStep: geometry.ledPitch,
            // Cycling colours is decorative: it runs only when effects may.
            cyclesRainbow: showsRainbow && effectsAllowed && shouldRenderFrames,
            countdown: countdown ? (frozen: waitStartedAt == nil, columns: columns) : nil,
            blinks: blinks, blinksMarkup: blinksMarkup, fades: effectsAllowed && entersWithFade, cueStartedAt: cueStartedAt,
            mode: modeTemplate(kind: kind, geometry: geometry))
    }

    /// The scene at `t` from a template this state made (for a state of
    /// another ``changeCount`` the template is stale: make a new one).
    public func scene(at t: Double, from template: SceneTemplate) -> MarqueeScene {
        var scene = template.base
        if let entry = template.scrollEntry {
            // The classic grid moves the text a whole big LED at a time.
            let leds = Int((clock.sample(at: t) * template.ledsPerCharacter).rounded(.down))
            scene.placement = .scrolling(ledOffset: FrameComposer.floorDivide(leds, template.ledsPerStep) * template.ledsPerStep,
                                         entry: entry)
        }
        if template.cyclesRainbow { scene.rainbowPhase = Int((t * 6).rounded(.down)) % MarqueeScene.rainbowHues }
        if let countdown = template.countdown {
            scene.countdown = MarqueeScene.Countdown(
                filledEighths: Int((countdownRemaining(at: t) * Double(countdown.columns * 8)).rounded()), frozen: countdown.frozen)
        }
        // A blink's off half is the sign's unlit grid, as on a real sign.
        let blinkedOff = template.blinks && t - t.rounded(.down) >= 0.5
        scene.litShade = blinkedOff ? .unlit
            : template.fades ? LEDShade.lit(brightness: (t - template.cueStartedAt) / PlayerState.fadeSeconds) : .lit
        // `{blink}` spans share the message blink's halves of each second.
        scene.markupBlinkedOff = template.blinksMarkup && t - t.rounded(.down) >= 0.5
        scene.captionOffset = Int(captionClock.sample(at: t).rounded(.down))
        if let mode = template.mode { applyMode(mode, to: &scene, at: t) }
        return scene
    }
}

/// The part of a frame's scene that only a change of the player's state or
/// of the terminal changes (`PlayerState.sceneTemplate`), and what the
/// scene's times are computed from.
public struct SceneTemplate: Sendable {
    /// What the template was made for.
    public struct Key: Sendable, Equatable {
        let changeCount: Int
        let columns: Int
        let rows: Int
        let lineHeight: Int
        let letterWidth: Double?
    }

    let base: MarqueeScene
    public let key: Key
    let scrollEntry: MarqueeScene.Entry?
    let ledsPerCharacter: Double
    /// Panel units a scroll moves at once: 1, or a big LED's on the classic grid.
    let ledsPerStep: Int
    let cyclesRainbow: Bool
    let countdown: (frozen: Bool, columns: Int)?
    let blinks: Bool
    /// Whether the message's `{blink}` spans blink (``PlayerState/blinksMarkup``).
    let blinksMarkup: Bool
    let fades: Bool
    let cueStartedAt: Double
    /// The display modes' part (nil: the sign draws the message by itself).
    let mode: ModeTemplate?

    /// Whether this template is still `state`'s for those sizes.
    public func fits(_ state: PlayerState, columns: Int, rows: Int, lineHeight: Int, letterWidth: Double?) -> Bool {
        key == Key(changeCount: state.changeCount, columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: letterWidth)
    }
}
