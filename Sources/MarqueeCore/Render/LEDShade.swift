/// How bright one LED is: unlit (the dim grid of a real sign), three steps of
/// a fade, or fully lit.
public enum LEDShade: UInt8, Sendable, Hashable, CaseIterable {
    case unlit, glow1, glow2, glow3, lit

    /// How many shades there are: `allCases.count`, as a constant the
    /// compiler folds (ink codes are reckoned with it for every cell).
    public static var count: Int { Int(LEDShade.lit.rawValue) + 1 }

    /// The shade a lit LED shows at `brightness` 0…1 (a fade); 0 is unlit.
    public static func lit(brightness: Double) -> LEDShade {
        guard brightness.isFinite else { return .lit }
        let step = Int((min(max(brightness, 0), 1) * 4).rounded())
        return LEDShade(rawValue: UInt8(step)) ?? .lit
    }
}
