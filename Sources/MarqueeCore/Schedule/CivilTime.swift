/// Arithmetic on civil (wall-clock) time with no zone: a `LocalMoment` as
/// seconds since 1970-01-01 00:00 *as the clock reads*, so two moments
/// compare and subtract without a calendar (docs/schedules.md). A zone is
/// what turns these into real instants; that is the host's (`ZoneTimeline`).
extension LocalMoment {
    /// Seconds from 1970-01-01 00:00:00 on the same wall clock.
    public var civilSeconds: Int64 {
        LocalMoment.days(year: year, month: month, day: day) * 86_400
            + Int64(hour * 3_600 + minute * 60 + second)
    }

    /// The moment `civilSeconds` seconds after 1970-01-01 00:00:00.
    public init(civilSeconds seconds: Int64) {
        let days = seconds.floorDivided(by: 86_400)
        let rest = Int(seconds - days * 86_400)
        let (year, month, day) = LocalMoment.date(days: days)
        self.init(year: year, month: month, day: day, hour: rest / 3_600, minute: rest / 60 % 60, second: rest % 60)
    }

    /// Day of the week, Monday 0 … Sunday 6.
    public var weekday: Int { LocalMoment.weekday(day: LocalMoment.days(year: year, month: month, day: day)) }

    /// Monday 0 … Sunday 6 of the day `days` after 1970-01-01 (a Thursday).
    static func weekday(day days: Int64) -> Int {
        Int((days + 3).floorModulo(7))
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar
    /// (Howard Hinnant's `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`).
    static func date(days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}

extension Int64 {
    /// Division rounding towards minus infinity, so times before 1970 and
    /// the day before day 0 fall on the right day.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    func floorModulo(_ divisor: Int64) -> Int64 {
        self - floorDivided(by: divisor) * divisor
    }
}
