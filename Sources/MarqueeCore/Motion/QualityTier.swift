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
