/// One line of the `--events` log (docs/events-log.md): how scripts and tests observe the
/// player. Field names are a public contract; keep them stable.
///
/// ```swift
/// EventRecord.key(name: "space").jsonLine(at: 1.5)
/// // {"t":1.500,"event":"key","name":"space"}
/// ```
public enum EventRecord: Sendable, Equatable {
    case start(version: String, columns: Int, rows: Int)
    case cue(index: Int, count: Int, text: String, automatic: Bool)
    case policy(fps: Int, animation: Bool, effects: Bool, tier: String, thermal: String, lowPower: Bool, reduceMotion: Bool, scene: String)
    /// `lowPower` nil: the probe has no power data (written as JSON `null`).
    case power(thermal: String, lowPower: Bool?, source: String)
    case pause(paused: Bool, reason: String)
    case completed
    case key(name: String)
    case resize(columns: Int, rows: Int)
    case reload(count: Int)
    case error(message: String)
    case quit

    /// The event's name, the `event` field.
    public var name: String {
        switch self {
        case .start: "start"
        case .cue: "cue"
        case .policy: "policy"
        case .power: "power"
        case .pause: "pause"
        case .completed: "completed"
        case .key: "key"
        case .resize: "resize"
        case .reload: "reload"
        case .error: "error"
        case .quit: "quit"
        }
    }

    /// Characters of a message a `cue` record carries: enough to tell
    /// messages apart, while a record stays small whatever the message.
    public static let excerptCharacters = 256

    /// The first ``excerptCharacters`` of `text`, with an ellipsis when cut.
    static func excerpt(_ text: String) -> (text: String, cut: Bool) {
        guard let end = text.index(text.startIndex, offsetBy: excerptCharacters, limitedBy: text.endIndex),
              end < text.endIndex else { return (text, false) }
        return (text[..<end] + "…", true)
    }

    /// The record as one line of JSON (no newline), `t` in seconds since
    /// start with three decimals.
    public func jsonLine(at seconds: Double) -> String {
        var json = JSONObjectWriter()
        json.add("t", raw: formatSeconds(seconds))
        json.add("event", name)
        switch self {
        case let .start(version, columns, rows):
            json.add("version", version); json.add("cols", columns); json.add("rows", rows)
        case let .cue(index, count, text, automatic):
            json.add("index", index); json.add("count", count)
            let excerpt = EventRecord.excerpt(text)
            json.add("text", excerpt.text)
            if excerpt.cut { json.add("textBytes", text.utf8.count) }
            json.add("automatic", automatic)
        case let .policy(fps, animation, effects, tier, thermal, lowPower, reduceMotion, scene):
            json.add("fps", fps); json.add("animation", animation); json.add("effects", effects)
            json.add("tier", tier); json.add("thermal", thermal); json.add("lowPower", lowPower)
            json.add("reduceMotion", reduceMotion); json.add("scene", scene)
        case let .power(thermal, lowPower, source):
            json.add("thermal", thermal); json.add("lowPower", lowPower); json.add("source", source)
        case let .pause(paused, reason):
            json.add("paused", paused); json.add("reason", reason)
        case let .key(name):
            json.add("name", name)
        case let .resize(columns, rows):
            json.add("cols", columns); json.add("rows", rows)
        case let .reload(count):
            json.add("count", count)
        case let .error(message):
            json.add("message", message)
        case .completed, .quit:
            break
        }
        return json.finish()
    }

    private func formatSeconds(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "0.000" }
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
