/// Builds one JSON object in insertion order (JSONEncoder sorts or shuffles
/// keys; the log keeps `t` and `event` first for people reading it).
struct JSONObjectWriter {
    private var text = "{"

    mutating func add(_ key: String, raw value: String) {
        if text.utf8.count > 1 { text += "," }
        text += JSONObjectWriter.quote(key) + ":" + value
    }
    mutating func add(_ key: String, _ value: String) { add(key, raw: JSONObjectWriter.quote(value)) }
    mutating func add(_ key: String, _ value: Int) { add(key, raw: String(value)) }
    mutating func add(_ key: String, _ value: Bool) { add(key, raw: value ? "true" : "false") }

    func finish() -> String { text + "}" }

    /// A JSON string literal; control characters are escaped so a message
    /// can never break the one-object-per-line format.
    static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
