/// When one message may show: on some days of the week, in some windows of
/// the day, from one date until another (a deck entry's `days`, `hours`,
/// `from` and `until`). Every part left out allows everything. Read on
/// civil time, as the wall clock shows it in the local zone: the host turns
/// the clock into a ``LocalMoment`` and the next edge back into an instant
/// (docs/schedules.md).
///
/// ```swift
/// let office = Schedule(days: try Weekdays(parsing: "Mon-Fri"), hours: try TimeWindow.parseList("09:00-17:30"))
/// office.contains(LocalMoment(year: 2026, month: 12, day: 1, hour: 10))     // true (a Tuesday)
/// office.nextEdge(after: LocalMoment(year: 2026, month: 12, day: 1, hour: 10))  // 17:30 that day
/// ```
public struct Schedule: Sendable, Hashable {
    public let days: Weekdays?
    public let hours: [TimeWindow]?
    /// The first moment in window; a date alone is its midnight.
    public let from: LocalMoment?
    /// The first moment *out* of window again: `until` as written is
    /// inclusive, so a date alone stands for the midnight after it.
    public let untilBound: LocalMoment?
    /// `until` as written, for messages and the log.
    public let until: LocalMoment?

    /// `untilIsDate`: `until` was written as a date alone, so the whole of
    /// that day is in window.
    public init(days: Weekdays? = nil, hours: [TimeWindow]? = nil, from: LocalMoment? = nil, until: LocalMoment? = nil,
                untilIsDate: Bool = false) {
        self.days = days
        self.hours = hours?.isEmpty == true ? nil : hours
        self.from = from
        self.until = until
        self.untilBound = until.map { untilIsDate ? LocalMoment(civilSeconds: $0.civilSeconds + 86_400) : $0 }
    }

    /// Whether the schedule says anything at all.
    public var isUnrestricted: Bool { days == nil && hours == nil && from == nil && until == nil }

    /// Whether a message with this schedule may show at `moment`.
    public func contains(_ moment: LocalMoment) -> Bool { contains(civil: moment.civilSeconds) }

    func contains(civil seconds: Int64) -> Bool {
        if let from, seconds < from.civilSeconds { return false }
        if let untilBound, seconds >= untilBound.civilSeconds { return false }
        let day = seconds.floorDivided(by: 86_400)
        let weekday = LocalMoment.weekday(day: day)
        let allowed = { (weekday: Int) in days?.contains(weekday) ?? true }
        guard let hours else { return allowed(weekday) }
        let minute = Int(seconds - day * 86_400) / 60
        let yesterday = (weekday + 6) % 7
        for window in hours {
            if window.crossesMidnight {
                // A night window belongs to the day it starts on.
                if minute >= window.start, allowed(weekday) { return true }
                if minute < window.end, allowed(yesterday) { return true }
            } else if minute >= window.start, minute < window.end, allowed(weekday) {
                return true
            }
        }
        return false
    }

    /// The first civil moment after `moment` at which ``contains(_:)``
    /// changes, assuming the clock runs on without a jump; nil when it
    /// never changes again (past `until`, or every day all day). The week
    /// repeats, so eight days from `moment` (and from `from`, when that is
    /// still ahead) hold every edge there is.
    public func nextEdge(after moment: LocalMoment) -> LocalMoment? {
        let now = moment.civilSeconds
        let current = contains(civil: now)
        var candidates: [Int64] = []
        let minutes = Set([0] + (hours ?? []).flatMap { [$0.start, $0.end % 1440] }).sorted()
        func addDays(from first: Int64) {
            for day in first...(first + 8) {
                for minute in minutes { candidates.append(day * 86_400 + Int64(minute) * 60) }
            }
        }
        addDays(from: now.floorDivided(by: 86_400))
        if let from, from.civilSeconds > now {
            candidates.append(from.civilSeconds)
            addDays(from: from.civilSeconds.floorDivided(by: 86_400))
        }
        if let untilBound { candidates.append(untilBound.civilSeconds) }
        for candidate in candidates.sorted() where candidate > now && contains(civil: candidate) != current {
            return LocalMoment(civilSeconds: candidate)
        }
        return nil
    }
}
