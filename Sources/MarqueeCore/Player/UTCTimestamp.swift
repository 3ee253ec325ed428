/// A moment as ISO 8601 UTC to the millisecond (`2026-12-02T08:49:01.123Z`):
/// the `utc` of every events-log record, so a kiosk's rotated log answers
/// "when did it stop?" without the `start` record that began the run.
/// UTC is civil time with no offset, so the date is `LocalMoment`'s own
/// arithmetic (`CivilTime.swift`): no locale, no zone.
///
/// ```swift
/// UTCTimestamp.format(unixSeconds: 0)              // "1970-01-01T00:00:00.000Z"
/// UTCTimestamp.format(unixSeconds: 1_796_201_341.5) // "2026-12-02T08:49:01.500Z"
/// ```
public enum UTCTimestamp {
    public static func format(unixSeconds: Double) -> String {
        guard unixSeconds.isFinite, unixSeconds >= 0, unixSeconds < 253_402_300_800 else { return "unknown" }
        let milliseconds = Int64((unixSeconds * 1000).rounded(.down))
        let moment = LocalMoment(civilSeconds: milliseconds / 1000)
        return pad(moment.year, 4) + "-" + pad(moment.month, 2) + "-" + pad(moment.day, 2) + "T" + pad(moment.hour, 2) + ":"
            + pad(moment.minute, 2) + ":" + pad(moment.second, 2) + "." + pad(Int(milliseconds % 1000), 3) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
