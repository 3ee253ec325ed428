/// How hot the machine is, in the four levels of Apple's
/// `ProcessInfo.ThermalState`; the motion policy and the quality tier read it.
///
/// Ordered from cool to hot, so the hottest of several sources is `max()`.
public enum ThermalState: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    case nominal, fair, serious, critical

    public static func < (lhs: ThermalState, rhs: ThermalState) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .nominal: "nominal"
        case .fair: "fair"
        case .serious: "serious"
        case .critical: "critical"
        }
    }

    /// Parses a state name; any other word is `nil` (callers treat an
    /// unrecognised *reported* value as critical, docs/motion-policy.md).
    public init?(name: String) {
        guard let state = ThermalState.allCases.first(where: { $0.description == name }) else { return nil }
        self = state
    }
}
