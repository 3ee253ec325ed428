/// A set of days of the week, as a deck entry's `days` names them:
/// `Mon-Fri`, `Sat,Sun`, `Fri-Mon` (a range may wrap past Sunday), in any
/// case, with three-letter or full English names (docs/schedules.md).
public struct Weekdays: Sendable, Hashable {
    /// Bit 0 Monday … bit 6 Sunday.
    public let bits: UInt8

    public init(bits: UInt8) { self.bits = bits & 0x7F }

    public static let all = Weekdays(bits: 0x7F)

    /// Whether the day `weekday` (Monday 0 … Sunday 6) is in the set.
    public func contains(_ weekday: Int) -> Bool { bits & (1 << UInt8(weekday)) != 0 }

    /// Names as `days` takes them, Monday first.
    public static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Parses a `days` value: items separated by commas, each a day or a
    /// range `A-B` of days; blanks around items and dashes are allowed.
    public init(parsing text: String) throws(ScheduleError) {
        guard text.utf8.count <= ScheduleError.maximumValueBytes else { throw .tooLong }
        var bits: UInt8 = 0
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count <= 2 else { throw ScheduleError("a range of days has one '-' (\(ScheduleError.shown(item)))") }
            let first = try Weekdays.day(ends[0])
            let last = ends.count == 2 ? try Weekdays.day(ends[1]) : first
            var day = first
            while true {
                bits |= 1 << UInt8(day)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        self.init(bits: bits)
    }

    /// Monday 0 … Sunday 6 for a name, its three-letter form, any case.
    static func day(_ written: Substring) throws(ScheduleError) -> Int {
        let word = String(written.filter { $0 != " " && $0 != "\t" })
        guard !word.isEmpty else { throw ScheduleError("a day is missing (write e.g. Mon-Fri or Sat,Sun)") }
        let lower = ScheduleError.asciiLowercased(word)
        if let index = names.firstIndex(where: { $0 == lower || (lower.count == 3 && $0.hasPrefix(lower)) }) {
            return index
        }
        throw ScheduleError("unknown day \(ScheduleError.quoted(word)) (use Mon, Tue, Wed, Thu, Fri, Sat, Sun or full names)")
    }

    /// The set as written back, e.g. `Mon-Fri` or `Mon,Wed,Sat-Sun`.
    public var text: String {
        let short = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var parts: [String] = []
        var day = 0
        while day < 7 {
            guard contains(day) else { day += 1; continue }
            var end = day
            while end + 1 < 7, contains(end + 1) { end += 1 }
            parts.append(end == day ? short[day] : "\(short[day])-\(short[end])")
            day = end + 1
        }
        return parts.joined(separator: ",")
    }
}
