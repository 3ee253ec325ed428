/// The role of plain (non-LED) text; the terminal picks the attributes.
public enum TextTone: UInt8, Sendable, Hashable, CaseIterable {
    case normal, dim, bright

    /// How many tones there are: `allCases.count`, as a constant the
    /// compiler folds (ink codes are reckoned with it).
    public static var count: Int { Int(TextTone.bright.rawValue) + 1 }
}
