/// The role of plain (non-LED) text; the terminal picks the attributes.
public enum TextTone: UInt8, Sendable, Hashable, CaseIterable {
    case normal, dim, bright
}
