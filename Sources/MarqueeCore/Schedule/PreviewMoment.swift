/// The moment `--now` names (docs/schedules.md): a date and time as a
/// deck's `from` takes it, a time today, or a day of this week and a time,
/// read against today's date; e.g. `2026-12-24T18:00`, `12:00`,
/// `Sat 12:00`, `sat`.
public enum PreviewMoment {
    /// `today`: the local date now (its time is ignored). A day of the week
    /// is the next one from today, today included; a day alone is its
    /// midnight.
    public static func parse(_ text: String, today: LocalMoment) throws(ScheduleError) -> LocalMoment {
        guard text.utf8.count <= 64 else { throw ScheduleError.tooLong }
        if let moment = LocalMoment(parsing: text) { return moment }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(words.count) else { throw invalid(text) }
        var date = LocalMoment(year: today.year, month: today.month, day: today.day)
        var time: Substring? = words.count == 2 ? words[1] : words[0]
        if let day = try? Weekdays.day(words[0]) {
            let ahead = (day - date.weekday + 7) % 7
            date = LocalMoment(civilSeconds: date.civilSeconds + Int64(ahead) * 86_400)
            time = words.count == 2 ? words[1] : nil
        } else if words.count == 2 {
            throw invalid(text)
        }
        guard let time else { return date }
        let minutes: Int
        do { minutes = try TimeWindow.minutes(time, allowEndOfDay: false) } catch { throw invalid(text) }
        return LocalMoment(civilSeconds: date.civilSeconds + Int64(minutes) * 60)
    }

    private static func invalid(_ text: String) -> ScheduleError {
        ScheduleError("\(ScheduleError.quoted(text)) is not a moment (use 2026-12-24T18:00, 18:00 or 'Sat 18:00')")
    }
}
