/// Keeps a flood of one kind of record from filling the disk under the
/// events log (docs/events-log.md, "Repeated records"): of each record name
/// at most ``recordsPerWindow`` are written in a window of ``windowSeconds``
/// that opens at the first of them; the rest are counted, and when the
/// window closes one `suppressed` record says how many there were. A
/// publisher sending 10,000 `say` a second so costs the log about a hundred
/// lines a second, not ten thousand.
///
/// Pure: times are the caller's seconds, so a test drives it by hand.
///
/// ```swift
/// var limiter = RecordRateLimiter()
/// limiter.admit("error", at: 0.0)        // true, … the 100th too
/// limiter.admit("error", at: 0.5)        // false: counted
/// limiter.due(at: 1.0)                   // [.suppressed(record: "error", count: 1, seconds: 1)]
/// ```
public struct RecordRateLimiter: Sendable {
    /// Records of one name written in one window; generous for any person
    /// or script (30 keys at once, a deck's notes) and for the sign itself.
    public static let recordsPerWindow = 100
    public static let windowSeconds = 1.0
    /// Never held back: the run's first and last lines, and the count itself.
    static let exempt: Set<String> = ["start", "quit", "suppressed"]

    private struct Window {
        var start: Double
        var written: Int
        var suppressed: Int
    }

    /// Open windows by record name.
    private var windows: [String: Window] = [:]

    public init() {}

    /// Whether a record named `name` at `now` is written; false means it is
    /// counted for a `suppressed` record. Call `due(at: now)` first, so the
    /// count of a closed window is written before anything later.
    public mutating func admit(_ name: String, at now: Double) -> Bool {
        guard !Self.exempt.contains(name) else { return true }
        if var window = windows[name], now < window.start + Self.windowSeconds, now >= window.start {
            guard window.written >= Self.recordsPerWindow else {
                window.written += 1
                windows[name] = window
                return true
            }
            window.suppressed += 1
            windows[name] = window
            return false
        }
        // A closed window with a count still unsaid would lose it here.
        assert(windows[name].map { $0.suppressed == 0 || now < $0.start } ?? true, "due(at:) not called before admit")
        windows[name] = Window(start: now, written: 1, suppressed: 0)
        return true
    }

    /// The `suppressed` records of the windows closed by `now`, oldest
    /// first; those windows are forgotten.
    public mutating func due(at now: Double) -> [EventRecord] {
        let closed = windows.filter { now >= $0.value.start + Self.windowSeconds || now < $0.value.start }
        guard !closed.isEmpty else { return [] }
        closed.keys.forEach { windows[$0] = nil }
        return closed.filter { $0.value.suppressed > 0 }
            .sorted { ($0.value.start, $0.key) < ($1.value.start, $1.key) }
            .map { .suppressed(record: $0.key, count: $0.value.suppressed, seconds: Self.windowSeconds) }
    }

    /// When the next window that holds a count closes (for a timer, so the
    /// count is said even if no record follows); nil when none does.
    public var nextDue: Double? {
        windows.values.filter { $0.suppressed > 0 }.map { $0.start + Self.windowSeconds }.min()
    }

    /// Every count still unsaid, as at the end of the run.
    public mutating func flush() -> [EventRecord] {
        due(at: .infinity)
    }
}
