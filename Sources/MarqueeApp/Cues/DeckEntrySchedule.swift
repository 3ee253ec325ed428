import MarqueeCore

/// A deck entry's `days`, `hours`, `from` and `until` (docs/schedules.md),
/// checked as the look keys are: a value of the wrong kind, or one the
/// schedule parser cannot read, is an error naming the entry and the key,
/// with what was written quoted escaped and short.
extension CueFileParser {
    /// The schedule keys an entry may have.
    static let scheduleKeys = ["days", "hours", "from", "until"]

    static func schedule(of object: [String: JSONValue], place: String) throws(ParseError) -> Schedule? {
        var texts: [String: String] = [:]
        for key in scheduleKeys {
            switch object[key] {
            case nil, .null?: continue
            case .string(let text)?: texts[key] = text
            default: throw ParseError("\(place): \"\(key)\" must be a string")
            }
        }
        guard !texts.isEmpty else { return nil }
        // Each key alone first, so the error names the one that is wrong.
        for key in scheduleKeys {
            guard let text = texts[key] else { continue }
            do throws(ScheduleError) {
                switch key {
                case "days": _ = try Weekdays(parsing: text)
                case "hours": _ = try TimeWindow.parseList(text)
                default: _ = try Schedule.moment(parsing: text)
                }
            } catch {
                // A date's error quotes the whole value already.
                let value = key == "days" || key == "hours" ? " \(quoted(text)):" : ""
                throw ParseError("\(place): \"\(key)\"\(value) \(error.message)")
            }
        }
        do throws(ScheduleError) {
            return try Schedule(days: texts["days"], hours: texts["hours"], from: texts["from"], until: texts["until"])
        } catch {
            throw ParseError("\(place): \(error.message)")
        }
    }
}
