import MarqueeCore

/// A deck's `"epoch"` (docs/cue-flow.md, "Playing in step"): the moment
/// `--sync` counts its slots from, as Unix seconds or as an RFC 3339 UTC
/// time (`"2026-12-01T09:00:00Z"`, fractions of a second allowed). Either
/// way it must fall from 1970 to the end of 9999: a value past it is a
/// mistake, and no arithmetic on it can be trusted.
extension CueFileParser {
    /// The keys of a deck written as an object; any other is ignored with a note.
    static let deckObjectKeys = ["epoch", "deck", "zones"]
    /// 9999-12-31T23:59:59Z, the last second an RFC 3339 time can name.
    public static let latestEpoch = 253_402_300_799.0

    static func epoch(_ value: JSONValue, name: String) throws(ParseError) -> Double? {
        let problem = "\(name): \"epoch\" must be Unix seconds or an RFC 3339 UTC time such as \"2026-12-01T09:00:00Z\""
        switch value {
        case .null:
            return nil
        case .number(let seconds):
            guard seconds.isFinite, seconds >= 0, seconds <= latestEpoch else {
                throw ParseError("\(name): \"epoch\" \(seconds.isFinite ? seconds.plainText : "\(seconds)") is out of range (0 to \(latestEpoch.plainText), years 1970 to 9999)")
            }
            return seconds
        case .string(let text):
            guard let seconds = rfc3339UTC(text) else { throw ParseError("\(problem), not \(quoted(text))") }
            return seconds
        default:
            throw ParseError(problem)
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` as Unix seconds; nil for anything
    /// else (another zone, a date that does not exist, a year before 1970).
    static func rfc3339UTC(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40, let last = bytes.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":"))]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            // A fraction: a dot and at least one digit before the Z.
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
            var scale = 0.1
            for byte in bytes[20..<(bytes.count - 1)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                fraction += Double(byte - UInt8(ascii: "0")) * scale
                scale /= 10
            }
        }
        guard year >= 1970, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
