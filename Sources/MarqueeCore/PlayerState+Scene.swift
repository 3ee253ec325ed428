/// Turning the player state into the scene of one frame.
extension PlayerState {
    /// Every key, for the `?` overlay.
    public static let helpLines = [
        "space  pause / resume",
        "n → l  next message",
        "p ← h  previous message",
        "+ -    faster / slower",
        "r      reverse direction",
        "t      simulate thermal state",
        "b      simulate low power",
        "m      reduce motion",
        "?      close this help",
        "q Esc  quit",
    ]

    /// The scene for a terminal of `columns` x `rows` at time `t`, for a
    /// message whose inked rows are `lineHeight` high.
    public func scene(at t: Double, columns: Int, rows: Int, lineHeight: Int) -> MarqueeScene {
        let geometry = ScreenGeometry(columns: columns, rows: rows, style: settings.style, lineHeight: lineHeight,
                                      hasCaption: anyCaption, helpLines: helpOpen ? PlayerState.helpLines.count : nil)
        // A message that has not moved yet while motion is stopped would sit
        // at its entry position, off the edge: show it centred instead.
        let position = clock.sample(at: t)
        let waitingAtEntry = !clock.isRunning && position == 0
        let placement: MarqueeScene.Placement = isScrolling && !waitingAtEntry
            ? .scrolling(ledOffset: Int(position.rounded(.down)), entry: advancesAutomatically ? .inView : .rightEdge)
            : .centred
        var rainbowPhase: Int?
        if settings.rainbow {
            // Cycling colours is decorative: it runs only when effects may.
            rainbowPhase = effectsAllowed && shouldRenderFrames ? Int((t * 6).rounded(.down)) % MarqueeScene.rainbowHues : 0
        }
        let countdown = advancesAutomatically && controlsVisible
            ? MarqueeScene.Countdown(filledEighths: Int((countdownRemaining(at: t) * Double(columns * 8)).rounded()),
                                     frozen: waitStartedAt == nil)
            : nil
        return MarqueeScene(geometry: geometry, style: settings.style, monochrome: settings.monochrome, messageID: messageID,
                            plainText: currentCue.text, placement: placement, litShade: litShade(at: t),
                            rainbowPhase: rainbowPhase, caption: currentCue.caption,
                            countdown: countdown,
                            controls: controlsVisible ? settings.glyphs.repertoire.spell(controlsLine) : nil,
                            help: helpOpen ? PlayerState.helpLines.map(settings.glyphs.repertoire.spell) : nil,
                            glyphs: settings.glyphs)
    }

    /// The status line: position, play state, rate, power, tier.
    public var controlsLine: String {
        if let notice { return " " + notice }
        let state: String
        if completed {
            state = "■ done"
        } else if paused {
            state = "‖ paused"
        } else if !motion.animationAllowed {
            state = "■ stopped (\(motionStopReason))"
        } else {
            state = "▶ playing"
        }
        let thermal = settings.thermalOverride.map { "\($0) (simulated)" } ?? power.thermalText
        let powerText = settings.lowPowerOverride.map { $0 ? "low-power (simulated)" : "normal power (simulated)" } ?? power.powerText
        let motionText = settings.reduceMotion ? "  reduce motion" : ""
        return " \(cueIndex + 1)/\(cues.count)  \(state)  \(motion.framesPerSecond) fps  thermal \(thermal)  power \(powerText)  tier \(tier.rawValue)\(motionText)  ? help"
    }
}
