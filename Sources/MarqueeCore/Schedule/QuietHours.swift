/// `--quiet 22:00-07:00` with `--quiet-mode`: hours of the day when the
/// sign dims its LEDs or goes dark and still (docs/schedules.md, "Quiet
/// hours"). The windows are read by the parser of a deck's `hours`.
public struct QuietHours: Sendable, Hashable {
    /// What the sign does during quiet hours.
    public enum Mode: Sendable, Hashable {
        /// LEDs at this percentage of their brightness, 1 … 99; everything
        /// else as always.
        case dim(percent: Int)
        /// Dark and still: no frames, the advance stopped as for a sign in
        /// the background (the wait starts over when quiet hours end, the
        /// scroll resumes where it stood).
        case off

        /// The default: a sign at night is usually still wanted, only less bright.
        public static let standard = Mode.dim(percent: 20)

        /// `dim=20`, `dim` (the default percentage) or `off`, any case.
        public init(parsing text: String) throws(ScheduleError) {
            let word = ScheduleError.asciiLowercased(text.filter { $0 != " " && $0 != "\t" })
            if word == "off" { self = .off; return }
            if word == "dim" { self = .standard; return }
            guard word.hasPrefix("dim="), word.utf8.count <= 7, let percent = Int(word.dropFirst(4)), (1...99).contains(percent) else {
                throw ScheduleError("unknown quiet mode \(ScheduleError.quoted(text)) (use dim=PERCENT, 1 to 99, or off)")
            }
            self = .dim(percent: percent)
        }

        /// As written: `dim=20` or `off`.
        public var text: String {
            switch self {
            case .dim(let percent): "dim=\(percent)"
            case .off: "off"
            }
        }
    }

    public let windows: [TimeWindow]
    public let mode: Mode

    public init(windows: [TimeWindow], mode: Mode = .standard) {
        self.windows = windows
        self.mode = mode
    }

    /// Quiet hours as a schedule: the same windows every day.
    public var schedule: Schedule { Schedule(hours: windows) }
}
