/// A wall-clock moment in the local zone as written in a message
/// (`2026-12-31T23:59`, `2026-12-31T23:59:30`, `2026-12-31`): what a
/// `{countdown:…}` counts down to. Turning it into a point in time needs
/// the zone, which is the host's.
public struct LocalMoment: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses `YYYY-MM-DD`, optionally followed by `THH:MM` or `THH:MM:SS`
    /// (a space may stand for the `T`); nil for anything else, including
    /// a day the month does not have.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int, is character: Character...) -> Bool {
            index < bytes.count && character.contains { $0.asciiValue == bytes[index] }
        }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"),
              let day = number(8, 2) else { return nil }
        var hour = 0, minute = 0, second = 0
        switch bytes.count {
        case 10:
            break
        case 16, 19:
            guard byte(10, is: "T", " "), let h = number(11, 2), byte(13, is: ":"), let m = number(14, 2) else { return nil }
            (hour, minute) = (h, m)
            if bytes.count == 19 {
                guard byte(16, is: ":"), let s = number(17, 2) else { return nil }
                second = s
            }
        default:
            return nil
        }
        guard (1...12).contains(month), (1...LocalMoment.days(inMonth: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// How a countdown shows `seconds` left: `HH:MM:SS`, with whole days in
    /// front once there is at least one (`12d 03:04:05`); a moment that has
    /// passed shows `00:00:00`.
    public static func countdownText(secondsLeft seconds: Double) -> String {
        let total = seconds.isFinite && seconds > 0 ? Int(min(seconds.rounded(.up), 9_999 * 86_400)) : 0
        let days = total / 86_400, hours = total / 3_600 % 24, minutes = total / 60 % 60, secs = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let clock = "\(two(hours)):\(two(minutes)):\(two(secs))"
        return days > 0 ? "\(days)d \(clock)" : clock
    }
}

extension LocalMoment {
    /// `YYYY-MM-DDTHH:MM:SS`, the form `init(parsing:)` reads.
    public var text: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}
