/// Builds one JSON object in insertion order (JSONEncoder sorts or shuffles
/// keys; the log keeps `t` and `event` first for people reading it), for
/// the events log and the control socket's replies alike.
///
/// ```swift
/// var json = JSONObjectWriter()
/// json.add("ok", true); json.add("count", 3)
/// json.finish()   // {"ok":true,"count":3}
/// ```
public struct JSONObjectWriter: Sendable {
    private var text = "{"

    public init() {}

    public mutating func add(_ key: String, raw value: String) {
        if text.utf8.count > 1 { text += "," }
        text += JSONObjectWriter.quote(key) + ":" + value
    }
    public mutating func add(_ key: String, _ value: String) { add(key, raw: JSONObjectWriter.quote(value)) }
    public mutating func add(_ key: String, _ value: Int) { add(key, raw: String(value)) }
    public mutating func add(_ key: String, _ value: Bool) { add(key, raw: value ? "true" : "false") }
    /// A whole number without a fraction; `null` for NaN and infinities,
    /// which JSON cannot spell.
    public mutating func add(_ key: String, _ value: Double) {
        add(key, raw: value.isFinite ? value.plainText : "null")
    }
    /// A value that may be unknown: `null` keeps the field's type a boolean
    /// whenever it is known, rather than a string standing in for "unknown".
    public mutating func add(_ key: String, _ value: Bool?) { add(key, raw: value.map { $0 ? "true" : "false" } ?? "null") }
    /// A string that may be absent, `null` then, for the same reason.
    public mutating func add(_ key: String, _ value: String?) { add(key, raw: value.map(JSONObjectWriter.quote) ?? "null") }

    public func finish() -> String { text + "}" }

    /// A JSON string literal. Besides what JSON requires, every character a
    /// terminal would act on or hide is escaped — C0 and C1 controls, DEL,
    /// the line and paragraph separators, and format characters (bidi
    /// overrides and isolates, zero-width spaces and joiners, the BOM) — so
    /// a message can never break the one-object-per-line format, and
    /// printing the log to a terminal shows what the message held.
    public static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar):
                if scalar.value > 0xFFFF {
                    // Outside the BMP, JSON spells a character as its UTF-16 pair.
                    let offset = scalar.value - 0x1_0000
                    result += unicodeEscape(0xD800 + (offset >> 10)) + unicodeEscape(0xDC00 + (offset & 0x3FF))
                } else {
                    result += unicodeEscape(scalar.value)
                }
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .format
        }
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
