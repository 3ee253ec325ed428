/// The controls line: what is true of the sign now, field by field, fitted
/// to the terminal's width (docs/status-line.md).
extension PlayerState {
    /// The fields of the status line, in the order they are shown.
    enum StatusField: CaseIterable {
        case position, playState, schedule, link, feed, rate, speed, thermal, power, tier, help

        /// Which field goes first when the line is wider than the terminal:
        /// the figures a person can find elsewhere (the tier follows from
        /// thermal and power) before the ones that say what the sign is
        /// doing. The play state is never dropped; on a terminal narrower
        /// than it, the line is cut at the edge.
        static let dropOrder: [StatusField] = [.tier, .power, .thermal, .position, .speed, .rate, .schedule, .feed, .link, .help]
    }

    /// The status line for a terminal `columns` wide: a notice if one is
    /// up, else the fields that fit, spelled for the terminal's font.
    public func controlsLine(columns: Int) -> String {
        let repertoire = settings.glyphs.repertoire
        if let notice { return repertoire.spell(" " + TerminalText.visible(notice)) }
        // Said only while it holds: quiet hours, a lost broker; only what is
        // known of the machine (a sign without sensors says nothing of them
        // rather than "unknown"); no flow position while the idle message
        // stands in for the flow.
        var shown = StatusField.allCases.filter { field in
            switch field {
            case .schedule: !scheduleText.isEmpty
            case .link: !linkText.isEmpty
            case .feed: host.feedNote != nil
            case .position: !idle
            case .help: settings.keys.allows(.help)
            case .thermal: settings.thermalOverride != nil || power.thermalText != PowerConditions.unknown.thermalText
            case .power: settings.lowPowerOverride != nil || power.powerText != PowerConditions.unknown.powerText
            default: true
            }
        }
        func line() -> String { repertoire.spell(shown.map { " " + statusText($0) }.joined(separator: " ")) }
        for field in StatusField.dropOrder where TerminalText.cellWidth(of: line()) > columns {
            shown.removeAll { $0 == field }
        }
        return line()
    }

    /// The whole status line, whatever the width.
    public var controlsLine: String { controlsLine(columns: .max) }

    func statusText(_ field: StatusField) -> String {
        switch field {
        case .position: "\(cueIndex + 1)/\(cues.count)"
        case .playState: playStateText
        case .schedule: scheduleText
        case .link: linkText
        case .feed: host.feedNote ?? ""
        case .rate: framesDrawnPerSecond > 0 ? "\(framesDrawnPerSecond) fps" : "0 fps (\(stillReason))"
        case .speed: speedText
        case .thermal: "thermal " + (settings.thermalOverride.map { "\($0) (simulated)" } ?? power.thermalText)
        case .power:
            "power " + (settings.lowPowerOverride.map { $0 ? "low-power (simulated)" : "normal power (simulated)" } ?? power.powerText)
        case .tier: "tier \(tier.rawValue)"
        case .help: "? help"
        }
    }

    /// Playing, paused, done, or stopped by the motion policy — never
    /// "playing" while the policy keeps the sign still. An interrupt is
    /// said first: this field is never dropped, and the position beside it
    /// is the flow's message the interrupt will return to.
    var playStateText: String {
        interrupt == nil ? flowStateText : "! interrupt, " + flowStateText
    }

    private var flowStateText: String {
        if completed { return "■ done" }
        if !motion.animationAllowed {
            let stop = switch effectiveScene {
            case .background: "■ stopped in background"
            case .inactive: "■ display off"
            case .active: "■ stopped by \(motionStopReason)"
            }
            return stop + (paused ? ", paused" : "")
        }
        if paused { return "‖ paused" }
        if idle { return settings.idleCue == nil ? "■ none in schedule" : "▶ idle message" }
        return "▶ playing"
    }

    /// Why no frame is drawn, in the order the causes win: a finished flow,
    /// the motion policy, a pause, or a sign with nothing that moves.
    var stillReason: String {
        if completed { return "done" }
        if !motion.animationAllowed { return motionStopReason }
        if paused { return "paused" }
        return "at rest"
    }

    /// The scroll speed as the sign runs it, with the way the text moves;
    /// `static` when it does not scroll on purpose (`--static`, speed 0).
    var speedText: String {
        guard clock.speed > 0 else { return "static" }
        let speed = clock.speed
        let figure = speed >= 10 || speed == speed.rounded() ? String(Int(speed.rounded()))
            : String(Double((speed * 10).rounded()) / 10)
        return (clock.direction > 0 ? "← " : "→ ") + figure + " char/s"
    }

    /// Frames the ticker actually draws each second: none when it does not
    /// run, every slot of the rate while something changes every frame (a
    /// running countdown bar, a fade), else one per step of what moves —
    /// the engine skips the slots before the picture's next change
    /// (`nextVisibleChange`), which looks at most half a second ahead.
    public var framesDrawnPerSecond: Int {
        let rate = frameTickerID.framesPerSecond
        guard rate > 0 else { return 0 }
        if (controlsVisible && waitStartedAt != nil) || (effectsAllowed && fadePending) { return rate }
        var steps = 0.0
        if clock.isRunning { steps += clock.speed * ledsPerCharacter }
        if captionClock.isRunning { steps += captionClock.speed }
        if showsRainbow, effectsAllowed { steps += 6 }
        if blinks || blinksMarkup { steps += 2 }
        return min(rate, max(2, Int(steps.rounded(.up))))
    }
}
