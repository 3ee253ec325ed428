/// Names one timed job of the sign (the advance, the pass, …). The engine
/// keeps one runner per key; a slice declares its key next to its timer
/// (`extension TimerKey { static let drift = TimerKey("drift") }`), so a
/// new timed feature adds a key, not a case to a list the engine knows.
public struct TimerKey: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }

    public var description: String { name }
}
