/// Where the marquee is shown: the full-screen player, or a reduced view of
/// it (the strip above the help overlay), which runs at lower rates.
public enum Surface: String, Sendable, Hashable, CaseIterable {
    case preview, fullScreen
}

/// Whether the scene is in front of the user (docs/motion-policy.md): suspended with Ctrl-Z
/// is background.
public enum ScenePhase: String, Sendable, Hashable, CaseIterable {
    case active, background
}

/// What the frame loop may do: how often to tick, whether anything moves,
/// and whether decorative effects (rainbow, fades, glow) run.
public struct MotionDecision: Sendable, Hashable {
    public var framesPerSecond: Int
    public var animationAllowed: Bool
    public var effectsAllowed: Bool

    public init(framesPerSecond: Int, animationAllowed: Bool, effectsAllowed: Bool) {
        self.framesPerSecond = framesPerSecond
        self.animationAllowed = animationAllowed
        self.effectsAllowed = effectsAllowed
    }

    /// 0 fps, nothing moves: the loop does not tick at all.
    public static let stopped = MotionDecision(framesPerSecond: 0, animationAllowed: false, effectsAllowed: false)
}

/// The one pure function that turns power and user conditions into a frame
/// rate (docs/motion-policy.md).
///
/// ```swift
/// MotionPolicy.resolve(surface: .fullScreen, lowPower: false, reduceMotion: false,
///                      thermal: .fair, scene: .active).framesPerSecond  // 30
/// ```
public enum MotionPolicy {
    public static func resolve(surface: Surface, lowPower: Bool, reduceMotion: Bool, thermal: ThermalState, scene: ScenePhase) -> MotionDecision {
        guard scene == .active, !lowPower, !reduceMotion else { return .stopped }
        switch thermal {
        case .serious, .critical:
            return .stopped
        case .fair:
            return MotionDecision(framesPerSecond: surface == .fullScreen ? 30 : 12, animationAllowed: true, effectsAllowed: false)
        case .nominal:
            return MotionDecision(framesPerSecond: surface == .fullScreen ? 60 : 24, animationAllowed: true, effectsAllowed: true)
        }
    }
}

/// One level folding thermal state and low-power mode, read by the player's
/// optional work instead of the raw conditions (docs/motion-policy.md).
public enum QualityTier: String, Sendable, Hashable, CaseIterable, Comparable {
    case minimal, reduced, full

    public static func < (lhs: QualityTier, rhs: QualityTier) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public init(thermal: ThermalState, lowPower: Bool) {
        switch (thermal, lowPower) {
        case (.nominal, false): self = .full
        case (.nominal, true), (.fair, false): self = .reduced
        default: self = .minimal
        }
    }

    /// Seconds between checks of the cue file for changes.
    public var reloadCheckInterval: Double {
        switch self {
        case .full: 2
        case .reduced: 6
        case .minimal: 18
        }
    }

    /// Decorative effects run only at the full tier.
    public var allowsEffects: Bool { self == .full }
}
