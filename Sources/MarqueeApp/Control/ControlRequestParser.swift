import MarqueeCore

/// Reads one request line (docs/control.md): a JSON object whose `cmd`
/// names the command and whose other fields are that command's. Pure, and
/// written for hostile input: anything the socket may carry — any bytes,
/// any nesting, a field of any type — is a request or one error line, and
/// an error quotes at most a short, escaped piece of what was sent.
enum ControlRequestParser {
    /// The largest request line, newline not counted.
    static let maximumRequestBytes = 65_536
    /// The largest text or caption, as a cue file's line.
    static let maximumTextBytes = CueFileParser.maximumLineBytes
    /// The longest `for`: a day.
    static let maximumForSeconds = 86_400.0
    /// Characters of a sent name or value an error quotes.
    static let quotedCharacters = 32

    /// Why a request was refused: the reply's `error`.
    struct Failure: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The fields each command takes besides `cmd`.
    static let fields: [String: [String]] = [
        "say": ["text", "caption", "seconds", "for"] + lookFields,
        "next": [], "prev": [], "pause": [], "resume": [], "clear": [], "status": [], "watch": [],
        "goto": ["index"],
        "load": ["path", "deck"],
        "add": ["text", "caption", "seconds", "entries"] + lookFields,
    ]

    /// A message's own look (docs/control.md): `say` and a one-text `add`.
    static let lookFields = ["color", "style", "speed", "static"]

    /// `defaultSeconds`: what a cue added without `seconds` gets (the
    /// sign's `--seconds`).
    static func parse(_ bytes: [UInt8], defaultSeconds: Double = SecondsPerMessage.standard) -> Result<ControlRequest, Failure> {
        Result { () throws(Failure) in try request(bytes, defaultSeconds: defaultSeconds) }
    }

    private static func request(_ bytes: [UInt8], defaultSeconds: Double) throws(Failure) -> ControlRequest {
        guard bytes.count <= maximumRequestBytes else { throw Failure("request larger than 64 KiB") }
        guard let root = JSONValue.parse(bytes) else { throw Failure("request is not valid JSON") }
        guard case .object(let object) = root else { throw Failure("a request must be a JSON object") }
        guard let cmd = object["cmd"] else { throw Failure("request has no 'cmd'") }
        guard case .string(let command) = cmd else { throw Failure("'cmd' must be a string") }
        guard let allowed = fields[command] else { throw Failure("unknown command '\(quoted(command))'") }
        if let unknown = object.keys.filter({ $0 != "cmd" && !allowed.contains($0) }).sorted().first {
            throw Failure("unknown field '\(quoted(unknown))' for '\(command)'")
        }
        let fields = Fields(object: object, command: command)
        switch command {
        case "say": return .say(try say(fields, defaultSeconds: defaultSeconds))
        case "next": return .next
        case "prev": return .previous
        case "pause": return .pause
        case "resume": return .resume
        case "clear": return .clear
        case "status": return .status
        case "watch": return .watch
        case "goto":
            guard let index = try fields.number("index") else { throw Failure("'goto' needs 'index'") }
            guard index == index.rounded(), index >= 1, index <= Double(Int32.max) else {
                throw Failure("'index' must be a whole number from 1")
            }
            return .goto(index: Int(index))
        case "load": return .load(try load(fields, defaultSeconds: defaultSeconds))
        default: return .add(try add(fields, defaultSeconds: defaultSeconds))
        }
    }

    private static func say(_ fields: Fields, defaultSeconds: Double) throws(Failure) -> ControlRequest.Say {
        guard let text = try fields.text("text") else { throw Failure("'say' needs 'text'") }
        var say = ControlRequest.Say(cue: Cue(text: text, caption: try fields.caption(), seconds: try fields.seconds() ?? defaultSeconds,
                                              look: try fields.look()))
        if let seconds = try fields.number("for") {
            guard seconds > 0, seconds <= maximumForSeconds else { throw Failure("'for' must be more than 0 and at most 86400") }
            say.forSeconds = seconds
        }
        return say
    }

    private static func load(_ fields: Fields, defaultSeconds: Double) throws(Failure) -> ControlRequest.Load {
        let path = try fields.string("path")
        let deck = fields.object["deck"]
        switch (path, deck) {
        case (let path?, nil):
            guard !path.isEmpty, !path.utf8.contains(0) else { throw Failure("'path' must name a file") }
            return .path(path)
        case (nil, let deck?): return .deck(try wholeDeck(deck, defaultSeconds: defaultSeconds))
        default: throw Failure("'load' needs one of 'path' and 'deck'")
        }
    }

    private static func add(_ fields: Fields, defaultSeconds: Double) throws(Failure) -> ControlDeck {
        if let entries = fields.object["entries"] {
            if let other = fields.object.keys.filter({ $0 != "cmd" && $0 != "entries" }).sorted().first {
                throw Failure(lookFields.contains(other) ? "'add' with 'entries' takes no '\(other)' (each entry has its own)"
                              : "'add' takes 'entries' or 'text', not both")
            }
            return try self.entries(entries, field: "entries", defaultSeconds: defaultSeconds)
        }
        guard let text = try fields.text("text") else { throw Failure("'add' needs 'text' or 'entries'") }
        let cue = Cue(text: text, caption: try fields.caption(), seconds: try fields.seconds() ?? defaultSeconds, look: try fields.look())
        return ControlDeck(cues: [cue], notes: [])
    }

    /// An inline deck, read as a deck file's array is.
    private static func entries(_ value: JSONValue, field: String, defaultSeconds: Double) throws(Failure) -> ControlDeck {
        guard case .array(let entries) = value else { throw Failure("'\(field)' must be an array of entries") }
        do {
            let result = try CueFileParser.parseDeck(entries: entries, name: "'\(field)'", defaultSeconds: defaultSeconds)
            return ControlDeck(cues: result.cues, notes: result.notes)
        } catch {
            throw Failure(error.message)
        }
    }

    /// `load`'s inline deck: an array of entries, or a deck object with
    /// its `epoch`, as a deck file may be.
    private static func wholeDeck(_ value: JSONValue, defaultSeconds: Double) throws(Failure) -> ControlDeck {
        guard case .object(let object) = value, object["deck"] != nil else {
            return try entries(value, field: "deck", defaultSeconds: defaultSeconds)
        }
        do {
            let result = try CueFileParser.parseDeck(root: value, name: "'deck'", defaultSeconds: defaultSeconds)
            return ControlDeck(cues: result.cues, notes: result.notes, epoch: result.epoch)
        } catch {
            throw Failure(error.message)
        }
    }

    /// `text`, cut to ``quotedCharacters`` with an ellipsis, for an error.
    static func quoted(_ text: String) -> String {
        text.count > quotedCharacters ? text.prefix(quotedCharacters) + "…" : text
    }

    /// A request's fields, read with their types checked.
    private struct Fields {
        let object: [String: JSONValue]
        let command: String

        func string(_ name: String) throws(Failure) -> String? {
            switch object[name] {
            case nil: return nil
            case .string(let value)?: return value
            default: throw Failure("'\(name)' must be a string")
            }
        }

        func number(_ name: String) throws(Failure) -> Double? {
            switch object[name] {
            case nil: return nil
            case .number(let value)? where value.isFinite: return value
            default: throw Failure("'\(name)' must be a number")
            }
        }

        /// A message: something must be left once the terminal's controls
        /// are gone, and no more than a cue file's line.
        func text(_ name: String) throws(Failure) -> String? {
            guard let text = try string(name) else { return nil }
            guard text.utf8.count <= maximumTextBytes else { throw Failure("'\(name)' is larger than 64 KiB") }
            guard !TerminalText.sanitize(text).trimmingCharacters(in: " ").isEmpty else { throw Failure("'\(name)' is empty") }
            return text
        }

        func caption() throws(Failure) -> String? {
            guard let caption = try string("caption") else { return nil }
            guard caption.utf8.count <= maximumTextBytes else { throw Failure("'caption' is larger than 64 KiB") }
            return caption
        }

        func seconds() throws(Failure) -> Double? {
            try number("seconds").map(SecondsPerMessage.sanitize)
        }

        /// `color`, `style`, `speed` and `static`, as the options of the
        /// same names take them; a speed beyond `--speed`'s bound is
        /// refused, not clamped, so a script's typo is noticed.
        func look() throws(Failure) -> CueLook {
            var color: LEDColor?
            if let written = try string("color") {
                guard let parsed = LEDColor(parsing: written) else { throw Failure("unknown colour '\(quoted(written))'") }
                color = parsed
            }
            var style: LEDStyle?
            if let written = try string("style") {
                guard let parsed = LEDStyle(rawValue: OptionValues.lowercased(written)) else {
                    throw Failure("unknown style '\(quoted(written))' (use \(LEDStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                style = parsed
            }
            let speed = try number("speed")
            let limit = PlayerSettings.maximumSpeed
            if let speed, abs(speed) > limit {
                throw Failure("'speed' must be between -\(limit.plainText) and \(limit.plainText)")
            }
            var isStatic: Bool?
            switch object["static"] {
            case nil: break
            case .bool(let value)?: isStatic = value
            default: throw Failure("'static' must be true or false")
            }
            return CueLook(color: color, style: style, speed: speed, isStatic: isStatic)
        }
    }
}
