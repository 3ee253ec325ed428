import MarqueeCore

/// A deck entry's `color` (or `colour`), `style`, `speed`, `static`, `blink`
/// and `brightness` (docs/cue-flow.md, "Looks"), and its display modes,
/// `mode`, `enter` and `exit` (docs/display.md, "Display modes"), checked as `seconds` is: a value of the
/// wrong kind, or a name the sign does not know, is an error naming the
/// entry, and so is a speed beyond `--speed`'s bound (taken for the old
/// unit, LED columns a second: the error says so).
extension CueFileParser {
    /// The look keys an entry may have; `colour` is taken for `color`.
    static let lookKeys = ["color", "style", "speed", "static", "blink", "brightness"] + DisplayModeTable.Field.allCases.map(\.rawValue)

    static func look(of object: [String: JSONValue], place: String) throws(ParseError) -> CueLook {
        if object["color"] != nil, object["colour"] != nil {
            throw ParseError("\(place): \"color\" and \"colour\" are one key; give one")
        }
        let colorKey = object["colour"] != nil ? "colour" : "color"
        var color: LEDColor?
        if let written = try string(object[colorKey], key: colorKey, place: place) {
            guard let parsed = LEDColor(parsing: written) else {
                throw ParseError("\(place): unknown colour \(quoted(written)) (use \(LEDColor.names.map(\.name).joined(separator: ", ")) or #RRGGBB)")
            }
            color = parsed
        }
        var style: LEDStyle?
        if let written = try string(object["style"], key: "style", place: place) {
            guard let parsed = LEDStyle(rawValue: OptionValues.lowercased(written)) else {
                throw ParseError("\(place): unknown style \(quoted(written)) (use \(LEDStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            style = parsed
        }
        var speed: Double?
        switch object["speed"] {
        case nil, .null?: break
        case .number(let value)?:
            if let refusal = PlayerSettings.speedRefusal(value) { throw ParseError("\(place): \"speed\": \(refusal)") }
            speed = value
        default: throw ParseError("\(place): \"speed\" must be a number")
        }
        return CueLook(color: color, style: style, speed: speed, isStatic: try flag(object, "static", place: place),
                       blink: try flag(object, "blink", place: place), brightness: try brightness(object, place: place),
                       mode: try stay(object, place: place), enter: try transition(object, .enter, place: place), exit: try transition(object, .exit, place: place))
    }

    /// `mode`: a stay mode's name from ``DisplayModeTable``.
    private static func stay(_ object: [String: JSONValue], place: String) throws(ParseError) -> StayMode? {
        guard let name = try string(object["mode"], key: "mode", place: place) else { return nil }
        do throws(ModeNameError) { return try DisplayModeTable.stay(named: name) } catch { throw ParseError("\(place): \(error.message)") }
    }

    /// `enter` or `exit`: a transition's name from ``DisplayModeTable``.
    private static func transition(_ object: [String: JSONValue], _ field: DisplayModeTable.Field,
                                   place: String) throws(ParseError) -> Transition? {
        guard let name = try string(object[field.rawValue], key: field.rawValue, place: place) else { return nil }
        do throws(ModeNameError) {
            return try DisplayModeTable.transition(named: name, field: field)
        } catch { throw ParseError("\(place): \(error.message)") }
    }

    /// `brightness`: a JSON number, whole, 1 to 100 (a string such as
    /// `"40%"` is refused: a deck's values have their types).
    private static func brightness(_ object: [String: JSONValue], place: String) throws(ParseError) -> Brightness? {
        switch object["brightness"] {
        case nil, .null?: return nil
        case .number(let value)?:
            if let brightness = Brightness(number: value) { return brightness }
        default: break
        }
        throw ParseError("\(place): \"brightness\" must be \(Brightness.rule)")
    }

    /// A key that is true or false (`static`, `blink`); nil when left out.
    private static func flag(_ object: [String: JSONValue], _ key: String, place: String) throws(ParseError) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw ParseError("\(place): \"\(key)\" must be true or false")
        }
    }

    private static func string(_ value: JSONValue?, key: String, place: String) throws(ParseError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw ParseError("\(place): \"\(key)\" must be a string")
        }
    }
}
