/// How long each message stays up before the flow advances on its own
/// (docs/condition-ids.md). Every value is sanitized so no out-of-range value ever
/// reaches a sleep.
public enum SecondsPerMessage {
    public static let minimum = 2.0
    public static let maximum = 20.0
    public static let standard = 5.0

    /// Clamps to 2…20; NaN and infinities give the default 5.
    ///
    /// ```swift
    /// SecondsPerMessage.sanitize(1)          // 2
    /// SecondsPerMessage.sanitize(.infinity)  // 5
    /// ```
    public static func sanitize(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return standard }
        return min(max(seconds, minimum), maximum)
    }
}
