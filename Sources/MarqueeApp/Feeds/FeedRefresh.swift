/// When a feed is fetched next (docs/feeds.md, "Fetching"): never sooner
/// than `every`; later when the feed asks (RSS `<ttl>`, `Cache-Control:
/// max-age`), up to a day, so a feed's mistaken week-long ttl cannot freeze
/// a sign; after a failure, 1 minute, doubling with each failure in a row,
/// never longer than `every` (a sign asked to refresh every 10 s retries
/// every 10 s). Pure: the fetcher asks it and sets a loop timer.
struct FeedRefresh: Equatable, Sendable {
    /// The shortest wait between two fetches, in seconds.
    let everySeconds: Double
    /// Failures in a row since the last fetch that worked.
    private(set) var failures = 0

    static let firstRetrySeconds = 60.0
    /// The longest wait a feed's own ask can make.
    static let longestAskSeconds = 86_400.0

    init(everySeconds: Double) {
        self.everySeconds = everySeconds
    }

    /// The wait after a fetch that worked (a new copy or a 304), given
    /// what the feed asked, in seconds (nil: nothing).
    mutating func afterSuccess(askedSeconds: Double?) -> Double {
        failures = 0
        let asked = askedSeconds.map { min(max($0, 0), Self.longestAskSeconds) } ?? 0
        return max(everySeconds, asked)
    }

    /// The wait after a fetch that failed.
    mutating func afterFailure() -> Double {
        let wait = Self.firstRetrySeconds * Double(1 << min(failures, 20))
        failures += 1
        return min(everySeconds, wait)
    }
}
