import Glibc
import MarqueeCore

/// The wall clock and the local zone (`TZ`) that time fields read: the
/// one place the program asks what time it is rather than how long it has
/// run (the sign's animation stays on the monotonic clock).
enum WallClock {
    /// Seconds since the Unix epoch, now.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Bytes a formatted time may take; a format that needs more is an error.
    static let maximumFormattedBytes = 256

    /// `format` (strftime, in the program's locale) for the local time at
    /// `seconds`; nil when it does not fit ``maximumFormattedBytes``.
    static func format(_ format: String, at seconds: Double) -> String? {
        zoneRead.ensure()
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        var buffer = [CChar](repeating: 0, count: maximumFormattedBytes)
        let count = strftime(&buffer, buffer.count, format, &parts)
        // 0 is also a format that prints nothing (`%p` in some locales):
        // only a format that prints something can have overflowed.
        if count == 0 { return format.isEmpty ? "" : nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The moment as seconds since the epoch in the local zone; nil when
    /// the zone has no such time.
    static func seconds(of moment: LocalMoment) -> Double? {
        zoneRead.ensure()
        var parts = tm()
        parts.tm_year = Int32(moment.year - 1900)
        parts.tm_mon = Int32(moment.month - 1)
        parts.tm_mday = Int32(moment.day)
        parts.tm_hour = Int32(moment.hour)
        parts.tm_min = Int32(moment.minute)
        parts.tm_sec = Int32(moment.second)
        // The zone decides whether summer time applies on that day.
        parts.tm_isdst = -1
        let time = mktime(&parts)
        return time == -1 ? nil : Double(time)
    }

    /// The civil time the local zone shows at `seconds` since the epoch
    /// (what a schedule is read on, docs/schedules.md); nil when the zone
    /// cannot say.
    static func civil(at seconds: Int64) -> LocalMoment? {
        zoneRead.ensure()
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        return LocalMoment(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                           hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: min(59, Int(parts.tm_sec)))
    }

    /// The local civil time now, to the second.
    static func localNow() -> LocalMoment? {
        civil(at: Int64(now().rounded(.down)))
    }

    /// `localtime_r` does not read `TZ` by itself; `tzset` does, once.
    private static let zoneRead = ZoneRead()

    private final class ZoneRead: Sendable {
        init() { tzset() }
        func ensure() {}
    }
}
