/// A schedule's parts as a deck entry writes them, each checked on its
/// own so an error names the key (docs/schedules.md).
extension Schedule {
    /// The moment a `from` or `until` value names: `YYYY-MM-DD`, optionally
    /// with `THH:MM` or `THH:MM:SS` (a blank may stand for the `T`); and
    /// whether it was a date alone.
    public static func moment(parsing text: String) throws(ScheduleError) -> (moment: LocalMoment, dateOnly: Bool) {
        guard text.utf8.count <= 64, let moment = LocalMoment(parsing: text) else {
            throw ScheduleError("\(ScheduleError.quoted(text)) is not a date (use YYYY-MM-DD, optionally THH:MM)")
        }
        return (moment, text.utf8.count == 10)
    }

    /// A whole schedule from the four texts (nil: not given); `from` after
    /// `until` is an error, since such a message could never show.
    public init(days: String?, hours: String?, from: String?, until: String?) throws(ScheduleError) {
        let dayset = try days.map { text throws(ScheduleError) in try Weekdays(parsing: text) }
        let windows = try hours.map { text throws(ScheduleError) in try TimeWindow.parseList(text) }
        let start = try from.map { text throws(ScheduleError) in try Schedule.moment(parsing: text) }
        let end = try until.map { text throws(ScheduleError) in try Schedule.moment(parsing: text) }
        self.init(days: dayset, hours: windows, from: start?.moment, until: end?.moment, untilIsDate: end?.dateOnly ?? false)
        if let first = self.from, let bound = untilBound, first.civilSeconds >= bound.civilSeconds {
            throw ScheduleError("\"from\" \(first.text) is not before \"until\" \(end!.moment.text): the message would never show")
        }
    }

    /// The schedule as a person would read it, e.g. `Mon-Fri 09:00-17:30`.
    public var summary: String {
        var parts: [String] = []
        if let days { parts.append(days.text) }
        if let hours { parts.append(hours.map(\.text).joined(separator: ",")) }
        if let from { parts.append("from \(from.text)") }
        if let until { parts.append("until \(until.text)") }
        return parts.isEmpty ? "always" : parts.joined(separator: " ")
    }
}
