/// The motion policy as the root resolves it from the host's reading, the
/// settings, the overlay and quiet hours (docs/motion-policy.md).
extension PlayerState {
    public var effectiveThermal: ThermalState { settings.thermalOverride ?? power.thermal ?? .nominal }
    public var effectiveLowPower: Bool { settings.lowPowerOverride ?? power.lowPower ?? false }
    public var surface: Surface { helpOpen ? .preview : .fullScreen }

    /// The scene the motion policy reads: suspended (Ctrl-Z) wins, then a
    /// display the probe reads as off makes it inactive (docs/motion-policy.md).
    /// Both come back on their own, so the rule is the same: nothing drawn,
    /// no advance scheduled, the scroll kept where it stood.
    public var effectiveScene: ScenePhase {
        if scenePhase == .background { return .background }
        return power.display == .off ? .inactive : scenePhase
    }

    public var motion: MotionDecision {
        MotionPolicy.resolve(surface: surface, lowPower: effectiveLowPower, reduceMotion: settings.reduceMotion,
                             thermal: effectiveThermal, scene: effectiveScene, quiet: quietDark)
    }

    public var tier: QualityTier { QualityTier(thermal: effectiveThermal, lowPower: effectiveLowPower) }
    /// Decorative effects need both a nominal policy and the full tier.
    public var effectsAllowed: Bool { motion.effectsAllowed && tier.allowsEffects }
    /// Frames are rendered (and the scroll clock runs) only while this holds.
    public var shouldRenderFrames: Bool { motion.animationAllowed && !paused }

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

    /// The policy as logged; a change of it is a `policy` event.
    var policyRecord: EventRecord {
        let motion = motion
        return .policy(fps: motion.framesPerSecond, animation: motion.animationAllowed, effects: effectsAllowed,
                       tier: tier.rawValue, thermal: settings.thermalOverride.map(\.description) ?? power.thermal?.description ?? "unknown",
                       lowPower: effectiveLowPower, reduceMotion: settings.reduceMotion, scene: effectiveScene.rawValue,
                       display: power.display?.rawValue ?? "unknown")
    }

    /// Puts the scroll clock at the speed and direction the message on the
    /// sign starts with: its own `speed` and `static`, each falling back to
    /// the sign's (``PlayerSettings/speed``, ``PlayerSettings/staticText``,
    /// which the keys keep up to date). Held still is speed 0, as `--static`.
    mutating func startMotion(at t: Double) {
        let look = currentLook
        let speed = look.speed ?? settings.speed
        // The sign of zero too: `r` on a still sign is kept for `+`.
        let direction: Double = speed.sign == .minus ? -1 : 1
        let held = look.isStatic ?? (look.speed.map { $0 == 0 } ?? settings.staticText)
        var moving = abs(speed)
        // `static: false` on a sign of speed 0 asks to move: at the default.
        if moving == 0, look.isStatic == false { moving = PlayerSettings().speed }
        scroll.setPace(speed: held ? 0 : moving, direction: direction, at: t)
    }

    /// After `+`, `-` or `r` changed the clock: a message without its own
    /// motion moves at the sign's, so the sign's speed becomes what the key
    /// made it and the next message keeps it. A message with its own keeps
    /// the change to itself, until another message shows.
    mutating func keepSignMotion() {
        guard !currentLook.setsMotion else { return }
        if clock.speed > 0 {
            keepSign(speed: clock.direction < 0 ? -clock.speed : clock.speed, moving: true)
        } else {
            // Still: only the way it will move when it starts.
            keepSign(speed: clock.direction < 0 ? -abs(settings.speed) : abs(settings.speed), moving: false)
        }
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
        scroll.setSpeed(next, at: t)
        keepSignMotion()
    }
}
