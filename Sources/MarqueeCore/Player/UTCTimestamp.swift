/// A moment as ISO 8601 UTC to the millisecond (`2026-12-02T08:49:01.123Z`):
/// the `utc` of every events-log record, so a kiosk's rotated log answers
/// "when did it stop?" without the `start` record that began the run.
/// Pure arithmetic (Howard Hinnant's `civil_from_days`): no locale, no zone.
///
/// ```swift
/// UTCTimestamp.format(unixSeconds: 0)              // "1970-01-01T00:00:00.000Z"
/// UTCTimestamp.format(unixSeconds: 1_796_201_341.5) // "2026-12-02T08:49:01.500Z"
/// ```
public enum UTCTimestamp {
    public static func format(unixSeconds: Double) -> String {
        guard unixSeconds.isFinite, unixSeconds >= 0, unixSeconds < 253_402_300_800 else { return "unknown" }
        let milliseconds = Int64((unixSeconds * 1000).rounded(.down))
        let seconds = milliseconds / 1000
        let days = seconds / 86_400
        let time = seconds % 86_400
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(time / 3600, 2) + ":"
            + pad(time / 60 % 60, 2) + ":" + pad(time % 60, 2) + "." + pad(milliseconds % 1000, 3) + "Z"
    }

    /// Year, month and day of the `days`th day after 1970-01-01 (days ≥ 0).
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
