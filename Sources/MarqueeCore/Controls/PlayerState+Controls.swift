/// Keys, notices and the controls line's hide timer. Each handler runs
/// inside the door the reducer opened (`PlayerState+Reduce.swift`).
extension TimerKey {
    /// The controls line's idle timeout.
    public static let controlsHide = TimerKey("controls-hide")
}

extension PlayerState {
    /// Handles one key press. Any key reveals the controls line, and clears
    /// a notice unless it is a reported one younger than its minimum time.
    mutating func handle(key: Key, at t: Double) -> [PlayerEffect] {
        let action = KeyBindings.action(for: key)
        // A key `--keys` locks is logged and does nothing else: not even the
        // controls line comes up on a kiosk's screen.
        if settings.keys != .all, !(action.map(settings.keys.allows) ?? false) { return [.log(.key(name: key.name))] }
        controls.reveal()
        if !controls.noticeHeld(at: t) { controls.clearNotice() }
        var effects: [PlayerEffect] = [.log(.key(name: key.name))]
        // A dark quiet sign wakes first (docs/schedules.md).
        if lightQuietSign(for: action) { return effects }
        switch action {
        case .quit?:
            // Esc closes the overlay first: the overlay says so.
            if key == .escape, helpOpen {
                controls.closeHelp()
                controls.answer("help closed (Esc again or q quits)")
            } else {
                effects.append(.quit)
            }
        case .help?:
            controls.toggleHelp()
        case .pauseResume?:
            effects += togglePause()
        case .next?:
            effects += move(.forward, at: t)
        case .previous?:
            effects += move(.backward, at: t)
        case .faster?:
            changeSpeed(faster: true, at: t)
        case .slower?:
            changeSpeed(faster: false, at: t)
        case .brighter?:
            stepBrightness(brighter: true)
        case .dimmer?:
            stepBrightness(brighter: false)
        case .reverse?:
            scroll.reverse(at: t)
            keepSignMotion()
        case .simulateThermal?:
            cycleThermalSimulation()
            effects.append(.probePower)
        case .simulateLowPower?:
            cycleLowPowerSimulation()
            effects.append(.probePower)
        case .reduceMotion?:
            toggleReduceMotion()
        case .suspend?, nil:
            break
        }
        return effects
    }

    /// Shows a notice the host reported at `t` on the controls line, unless
    /// the ``NoticeLimiter`` holds it back (the events log has it anyway).
    mutating func showNotice(_ text: String, at t: Double) {
        controls.report(text, at: t)
    }

    /// Seconds the controls line stays up after it was last revealed: the
    /// idle timeout, but a notice for at least ``NoticeLimiter/minimumSeconds``
    /// so it can be read even with `--idle-timeout 0`.
    public var controlsHideDelay: Double {
        notice == nil && !quietLit ? settings.idleTimeout : max(settings.idleTimeout, NoticeLimiter.minimumSeconds)
    }

    /// The hide timer, declared while the line shows: keyed by the reveals,
    /// so the start, each key and each notice restart the idle timeout.
    var controlsTimer: TimerSpec? {
        guard controlsVisible else { return nil }
        return TimerSpec(.controlsHide, identity: controlsReveals, deadline: .after(controlsHideDelay), fires: .idleTimeout)
    }

    /// Hides the controls line (the idle timer fired).
    mutating func hideControls(at t: Double) -> [PlayerEffect] {
        controls.hide()
        // A sign a key lit in quiet hours goes quiet again.
        schedule.unlight()
        return []
    }

    mutating func togglePause() -> [PlayerEffect] {
        guard motion.animationAllowed else {
            controls.answer("motion is stopped (\(motionStopReason)): pause unavailable")
            return []
        }
        flow.togglePause()
        return [.log(.pause(paused: paused, reason: "key"))]
    }

    /// `t` key: auto → nominal → fair → serious → critical → auto.
    static func nextThermalSimulation(after current: ThermalState?) -> ThermalState? {
        guard let current else { return .nominal }
        return ThermalState(rawValue: current.rawValue + 1)
    }

    /// `b` key: auto → on → off → auto.
    static func nextLowPowerSimulation(after current: Bool?) -> Bool? {
        switch current {
        case nil: true
        case true?: false
        case false?: nil
        }
    }
}
