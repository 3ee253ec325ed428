/// Keys, power readings, scene changes and the controls-line timer.
extension PlayerState {
    /// Handles one key press. Any key reveals the controls line, and clears
    /// a notice unless it is a reported one younger than its minimum time.
    mutating func handle(key: Key, at t: Double) -> [PlayerEffect] {
        transaction(at: t) { state in
            state.controlsReveals += 1
            state.controlsVisible = true
            if state.noticeHeldUntil.map({ t >= $0 }) ?? true { state.clearNotice() }
            var effects: [PlayerEffect] = [.log(.key(name: key.name))]
            let action = KeyBindings.action(for: key)
            // A dark quiet sign wakes first (docs/schedules.md).
            if state.lightQuietSign(for: action) { return effects }
            switch action {
            case .quit?:
                // Esc closes the overlay first: the overlay says so.
                if key == .escape, state.helpOpen {
                    state.helpOpen = false
                    state.answer("help closed (Esc again or q quits)")
                } else {
                    effects.append(.quit)
                }
            case .help?:
                state.helpOpen.toggle()
            case .pauseResume?:
                effects += state.togglePause()
            case .next?:
                effects += state.move(.forward, at: t)
            case .previous?:
                effects += state.move(.backward, at: t)
            case .faster?:
                state.changeSpeed(faster: true, at: t)
            case .slower?:
                state.changeSpeed(faster: false, at: t)
            case .reverse?:
                state.clock.reverse(at: t)
                state.keepSignMotion()
            case .simulateThermal?:
                state.settings.thermalOverride = PlayerState.nextThermalSimulation(after: state.settings.thermalOverride)
                effects.append(.probePower)
            case .simulateLowPower?:
                state.settings.lowPowerOverride = PlayerState.nextLowPowerSimulation(after: state.settings.lowPowerOverride)
                effects.append(.probePower)
            case .reduceMotion?:
                state.settings.reduceMotion.toggle()
            case .suspend?, nil:
                break
            }
            return effects
        }
    }

    /// Shows a notice the host reported at `t` on the controls line, unless
    /// the ``NoticeLimiter`` holds it back (the events log has it anyway).
    mutating func showNotice(_ text: String, at t: Double) {
        guard noticeLimiter.admit(text, at: t) else { return }
        notice = text
        noticeHeldUntil = t + NoticeLimiter.minimumSeconds
        controlsVisible = true
        controlsReveals += 1
    }

    /// A key's own answer on the controls line (the key revealed it already):
    /// never held back, and the next key clears it.
    mutating func answer(_ text: String) {
        notice = text
        noticeHeldUntil = nil
    }

    mutating func clearNotice() {
        notice = nil
        noticeHeldUntil = nil
    }

    /// Seconds the controls line stays up after it was last revealed: the
    /// idle timeout, but a notice for at least ``NoticeLimiter/minimumSeconds``
    /// so it can be read even with `--idle-timeout 0`.
    public var controlsHideDelay: Double {
        notice == nil && !quietLit ? settings.idleTimeout : max(settings.idleTimeout, NoticeLimiter.minimumSeconds)
    }

    /// Hides the controls line (the idle timer fired).
    mutating func hideControls(at t: Double) -> [PlayerEffect] {
        transaction(at: t) { state in
            state.controlsVisible = false
            state.clearNotice()
            // A sign a key lit in quiet hours goes quiet again.
            state.quietLit = false
            return []
        }
    }

    /// A new power reading from the probe; logs a `power` event when the
    /// reading changed.
    mutating func apply(power newPower: PowerConditions, at t: Double) -> [PlayerEffect] {
        guard newPower != power else { return [] }
        return transaction(at: t) { state in
            state.power = newPower
            return [.log(.power(thermal: newPower.thermal?.description ?? "unknown", lowPower: newPower.lowPower,
                                source: newPower.source, display: newPower.display?.rawValue ?? "unknown"))]
        }
    }

    /// The scene went to the background (Ctrl-Z) or came back (`fg`).
    mutating func setScene(_ phase: ScenePhase, at t: Double) -> [PlayerEffect] {
        guard phase != scenePhase else { return [] }
        return transaction(at: t) { state in
            state.scenePhase = phase
            return phase == .active ? [.probePower] : []
        }
    }

    mutating func togglePause() -> [PlayerEffect] {
        guard motion.animationAllowed else {
            answer("motion is stopped (\(motionStopReason)): pause unavailable")
            return []
        }
        paused.toggle()
        if !paused { completed = false }
        return [.log(.pause(paused: paused, reason: "key"))]
    }

    /// `+` and `-` step the speed by a quarter. `-` stops at
    /// ``PlayerSettings/minimumSpeed`` (a speed set below it stays), so the
    /// sign never stops by accident: only `--static` or `--speed 0` make it
    /// static, and `+` starts a static sign moving. A message with its own
    /// `speed` or `static` keeps the change until the next message shows
    /// (``keepSignMotion()``).
    mutating func changeSpeed(faster: Bool, at t: Double) {
        let current = clock.speed
        let next: Double
        if faster {
            next = current == 0 ? PlayerSettings.startSpeed : min(current * 1.25, PlayerSettings.maximumSpeed)
        } else {
            next = current <= PlayerSettings.minimumSpeed ? current : max(current / 1.25, PlayerSettings.minimumSpeed)
        }
        clock.setSpeed(next, at: t)
        keepSignMotion()
    }

    /// Why motion is stopped, for notices and the status line.
    public var motionStopReason: String {
        switch effectiveScene {
        case .background: return "in background"
        case .inactive: return "display off"
        case .active: break
        }
        if quietDark { return "quiet hours" }
        if effectiveLowPower { return "low power" }
        if settings.reduceMotion { return "reduce motion" }
        if effectiveThermal >= .serious { return "heat" }
        return "running"
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
