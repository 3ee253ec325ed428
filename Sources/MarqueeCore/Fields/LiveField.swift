/// One live field of a message, such as `{time}` or `{file:/run/status}`:
/// a piece of text the sign fills in while it shows the message, and
/// refreshes when what it reads may have changed (docs/live-fields.md).
public enum LiveField: Sendable, Hashable {
    /// The local time (`TZ`) in a strftime format: `{time}` is `%H:%M`.
    case time(format: String)
    /// The local date in a strftime format: `{date}` is `%Y-%m-%d`.
    case date(format: String)
    /// Time left until a local moment, e.g. `{countdown:2026-12-31T23:59}`.
    case countdown(to: LocalMoment)
    /// The battery's charge from the power probe, e.g. `81%`.
    case battery
    /// The temperature the power probe reports, e.g. `49°C`.
    case temperature
    /// The first line of a file, re-read on the tier's reload interval.
    case file(path: String)

    /// What can change the field's text, so the host knows when to read it
    /// again: a wall-clock step, a power reading or the file check.
    public enum Refresh: Sendable, Hashable, Comparable {
        /// Every wall-clock second (a format with seconds, a countdown).
        case everySecond
        /// Every wall-clock minute (any other time or date format: a date
        /// changes at a minute boundary too, whatever the zone's offset).
        case everyMinute
        /// On the tier's reload interval.
        case fileCheck
        /// Only when a new power reading arrives.
        case powerReading
    }

    public var refresh: Refresh {
        switch self {
        case .time(let format), .date(let format):
            LiveField.showsSeconds(format) ? .everySecond : .everyMinute
        case .countdown: .everySecond
        case .battery, .temperature: .powerReading
        case .file: .fileCheck
        }
    }

    /// Whether a strftime format shows anything finer than minutes.
    static func showsSeconds(_ format: String) -> Bool {
        var scalars = format.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { continue }
            // Skip flags, width and the E/O modifiers to the conversion.
            var conversion = scalars.next()
            while let c = conversion, "_-0^#EO0123456789".unicodeScalars.contains(c) { conversion = scalars.next() }
            if let c = conversion, "STrXcs+".unicodeScalars.contains(c) { return true }
        }
        return false
    }

    /// The format `{time}` and `{date}` use without one.
    public static let defaultTimeFormat = "%H:%M"
    public static let defaultDateFormat = "%Y-%m-%d"
    /// What a field shows when it cannot be read: visible, and not mistaken
    /// for a value.
    public static let placeholder = "--"
}
