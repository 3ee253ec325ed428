/// Decides which of the notices the host reports (errors, the events log
/// failing) reach the controls line, so a burst of them cannot keep the line
/// flickering or hide the sign's own status for good (docs/status-line.md).
/// Every one of them is in the events log whatever this decides.
///
/// ```swift
/// var limiter = NoticeLimiter()
/// limiter.admit("disk full", at: 0)    // true
/// limiter.admit("other", at: 1)        // false: the first is still up
/// limiter.admit("disk full", at: 10)   // false: said 10 s ago
/// limiter.admit("other", at: 10)       // true
/// ```
public struct NoticeLimiter: Sendable, Equatable {
    /// Seconds a notice stays up at least, whatever `--idle-timeout`; no
    /// other notice replaces it sooner.
    public static let minimumSeconds = 3.0
    /// Seconds before the same text is shown again: a fault that repeats
    /// (every record failing) is said again now and then, not every time.
    public static let repeatSeconds = 30.0

    private var lastShownAt: Double?
    /// When each text was last shown; only texts younger than `repeatSeconds`
    /// are kept, so at most `repeatSeconds / minimumSeconds` of them.
    private var shownAt: [String: Double] = [:]

    public init() {}

    /// Whether `text`, reported at `t`, is shown; if so it counts from `t`.
    public mutating func admit(_ text: String, at t: Double) -> Bool {
        shownAt = shownAt.filter { t - $0.value < NoticeLimiter.repeatSeconds }
        if let last = lastShownAt, t - last < NoticeLimiter.minimumSeconds { return false }
        if shownAt[text] != nil { return false }
        lastShownAt = t
        shownAt[text] = t
        return true
    }
}
