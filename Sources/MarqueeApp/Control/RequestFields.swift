import MarqueeCore

/// The fields of one control request, read with their types checked
/// (docs/control.md, "Values are checked"): what a ``RemoteCommandSpec``'s
/// `build` reads. Each reader throws the one-line error the reply carries.
struct RequestFields {
    /// Where a request came from: a fleet's broker is anyone who may
    /// publish there, so what it sends may not read the sign's files.
    enum Origin: Sendable, Equatable {
        case socket
        case fleet
    }

    typealias Failure = ControlRequestParser.Failure

    let object: [String: JSONValue]
    let command: String
    let origin: Origin
    /// What a cue sent without `seconds` gets (the sign's `--seconds`).
    let defaultSeconds: Double

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
        guard text.utf8.count <= ControlRequestParser.maximumTextBytes else { throw Failure("'\(name)' is larger than 64 KiB") }
        guard !TerminalText.sanitize(text).trimmingCharacters(in: " ").isEmpty else { throw Failure("'\(name)' is empty") }
        return text
    }

    /// `index`: a whole number from 1, as people count.
    func position(_ name: String) throws(Failure) -> Int? {
        guard let index = try number(name) else { return nil }
        guard index == index.rounded(), index >= 1, index <= Double(Int32.max) else {
            throw Failure("'\(name)' must be a whole number from 1")
        }
        return Int(index)
    }

    /// One cue from `text`, `caption`, `seconds` and the look fields.
    func cue(text: String) throws(Failure) -> Cue {
        untrusted(Cue(text: text, caption: try caption(), seconds: try seconds() ?? defaultSeconds, look: try look()))
    }

    /// An inline deck in `field`: an array of entries, or (`wholeDeck`) also
    /// a deck object with its `epoch`, as a deck file may be.
    func deck(_ field: String, wholeDeck: Bool = false) throws(Failure) -> ControlDeck? {
        guard let value = object[field] else { return nil }
        let result: CueFileParser.Result
        if wholeDeck, case .object(let deck) = value, deck["deck"] != nil {
            result = try parsed { () throws(CueFileParser.ParseError) in
                try CueFileParser.parseDeck(root: value, name: "'\(field)'", defaultSeconds: defaultSeconds)
            }
        } else {
            guard case .array(let entries) = value else { throw Failure("'\(field)' must be an array of entries") }
            result = try parsed { () throws(CueFileParser.ParseError) in
                try CueFileParser.parseDeck(entries: entries, name: "'\(field)'", defaultSeconds: defaultSeconds)
            }
        }
        return ControlDeck(cues: result.cues.map(untrusted), notes: result.notes, epoch: wholeDeck ? result.epoch : nil,
                           zones: wholeDeck ? result.zones.map { $0.map(untrusted) } : nil)
    }

    /// The deck parser's outcome, its error as the reply's.
    private func parsed(_ parse: () throws(CueFileParser.ParseError) -> CueFileParser.Result) throws(Failure) -> CueFileParser.Result {
        do { return try parse() } catch { throw Failure(error.message) }
    }

    /// The first field given besides `cmd` and `except`, in name order.
    func other(than except: String) -> String? {
        object.keys.filter { $0 != "cmd" && $0 != except }.sorted().first
    }

    /// A cue as the sign may show it: from the broker, `{file:…}` fields
    /// show as typed (docs/fleet.md).
    private func untrusted(_ cue: Cue) -> Cue {
        origin == .fleet ? cue.withoutFileFields : cue
    }

    /// A zone's texts as ``untrusted(_:)-(Cue)`` keeps a cue's.
    private func untrusted(_ zone: SignZone) -> SignZone {
        origin == .fleet ? zone.withoutFileFields : zone
    }

    private func caption() throws(Failure) -> String? {
        guard let caption = try string("caption") else { return nil }
        guard caption.utf8.count <= ControlRequestParser.maximumTextBytes else { throw Failure("'caption' is larger than 64 KiB") }
        return caption
    }

    private func seconds() throws(Failure) -> Double? {
        try number("seconds").map(SecondsPerMessage.sanitize)
    }

    /// `color`, `style`, `speed`, `static` and `brightness`, as the options
    /// of the same names take them; a speed beyond `--speed`'s bound, and a
    /// brightness that is not a whole number from 1 to 100, are refused,
    /// not clamped, so a script's typo is noticed.
    private func look() throws(Failure) -> CueLook {
        var color: LEDColor?
        if let written = try string("color") {
            guard let parsed = LEDColor(parsing: written) else { throw Failure("unknown colour '\(ControlRequestParser.quoted(written))'") }
            color = parsed
        }
        var style: LEDStyle?
        if let written = try string("style") {
            guard let parsed = LEDStyle(rawValue: OptionValues.lowercased(written)) else {
                throw Failure("unknown style '\(ControlRequestParser.quoted(written))' (use \(LEDStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            style = parsed
        }
        let speed = try number("speed")
        if let speed, let refusal = PlayerSettings.speedRefusal(speed) { throw Failure("'speed': \(refusal)") }
        var isStatic: Bool?
        switch object["static"] {
        case nil: break
        case .bool(let value)?: isStatic = value
        default: throw Failure("'static' must be true or false")
        }
        return CueLook(color: color, style: style, speed: speed, isStatic: isStatic, brightness: try brightness(),
                       mode: try stay(), enter: try transition(.enter), exit: try transition(.exit))
    }

    /// `mode`: a stay mode's name from ``DisplayModeTable``.
    private func stay() throws(Failure) -> StayMode? {
        guard let name = try string("mode") else { return nil }
        do throws(ModeNameError) { return try DisplayModeTable.stay(named: name) } catch { throw Failure(error.message) }
    }

    /// `enter` or `exit`: a transition's name from ``DisplayModeTable``.
    private func transition(_ field: DisplayModeTable.Field) throws(Failure) -> Transition? {
        guard let name = try string(field.rawValue) else { return nil }
        do throws(ModeNameError) { return try DisplayModeTable.transition(named: name, field: field) } catch { throw Failure(error.message) }
    }

    /// `brightness`: a JSON number, whole, 1 to 100 (`send` turns a typed
    /// `40%` into 40; the request itself takes numbers only).
    private func brightness() throws(Failure) -> Brightness? {
        switch object["brightness"] {
        case nil: return nil
        case .number(let value)?:
            if let brightness = Brightness(number: value) { return brightness }
        default: break
        }
        throw Failure("'brightness' must be \(Brightness.rule)")
    }
}
