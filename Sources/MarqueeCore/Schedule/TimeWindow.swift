/// One window of a day, `09:00-17:30`: open from its start up to, not
/// including, its end. An end before the start crosses midnight
/// (`22:00-02:00` runs into the next day, and belongs to the day it starts
/// on); `24:00` is the end of the day (docs/schedules.md).
public struct TimeWindow: Sendable, Hashable {
    /// Minutes after midnight, 0 … 1439.
    public let start: Int
    /// Minutes after midnight, 0 … 1440; before `start` when the window
    /// crosses midnight.
    public let end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    public var crossesMidnight: Bool { end <= start }

    /// Most windows one value may list: enough for any real timetable,
    /// and the edge search stays small.
    public static let maximumCount = 48

    /// Parses an `hours` (or `--quiet`) value: windows separated by commas.
    public static func parseList(_ text: String) throws(ScheduleError) -> [TimeWindow] {
        guard text.utf8.count <= ScheduleError.maximumValueBytes else { throw .tooLong }
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= maximumCount else { throw ScheduleError("more than \(maximumCount) windows") }
        var windows: [TimeWindow] = []
        for item in items { windows.append(try TimeWindow(parsing: item)) }
        return windows
    }

    /// Parses `HH:MM-HH:MM` (an hour of one digit is allowed, blanks around
    /// the parts too).
    public init(parsing item: Substring) throws(ScheduleError) {
        let ends = item.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2 else {
            throw ScheduleError("a window is START-END, e.g. 09:00-17:30, not \(ScheduleError.quoted(String(item)))")
        }
        let start = try TimeWindow.minutes(ends[0], allowEndOfDay: false)
        let end = try TimeWindow.minutes(ends[1], allowEndOfDay: true)
        guard start != end % 1440 || (start == 0 && end == 1440) else {
            throw ScheduleError("the window \(ScheduleError.quoted(String(item))) is empty (it starts where it ends)")
        }
        self.init(start: start, end: end)
    }

    /// Minutes after midnight of `H:MM` or `HH:MM`; `24:00` only as an end.
    static func minutes(_ written: Substring, allowEndOfDay: Bool) throws(ScheduleError) -> Int {
        let text = written.filter { $0 != " " && $0 != "\t" }
        let bytes = Array(text.utf8)
        func digit(_ byte: UInt8) -> Int? { (48...57).contains(byte) ? Int(byte - 48) : nil }
        let bad = ScheduleError("\(ScheduleError.quoted(String(text))) is not a time (use HH:MM, 00:00 to 24:00)")
        guard (4...5).contains(bytes.count), bytes[bytes.count - 3] == UInt8(ascii: ":"),
              let m1 = digit(bytes[bytes.count - 2]), let m2 = digit(bytes[bytes.count - 1]) else { throw bad }
        var hour = 0
        for byte in bytes[0..<(bytes.count - 3)] {
            guard let d = digit(byte) else { throw bad }
            hour = hour * 10 + d
        }
        let minute = m1 * 10 + m2
        if hour == 24, minute == 0, allowEndOfDay { return 1440 }
        guard hour < 24, minute < 60 else { throw bad }
        return hour * 60 + minute
    }

    /// The window as written back, `09:00-17:30`.
    public var text: String {
        func clock(_ minutes: Int) -> String {
            let h = minutes / 60, m = minutes % 60
            return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
        }
        return clock(start) + "-" + clock(end)
    }
}
