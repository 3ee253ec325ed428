/// JSON text for control replies, keys in the order written. Strings are
/// escaped as the events log escapes them: every character a terminal
/// would act on or hide becomes `\uXXXX`, so a reply printed by
/// `ledmarquee send` shows what it holds and stays one line.
struct ControlJSON {
    private var text = "{"

    mutating func add(_ key: String, raw value: String) {
        if text.utf8.count > 1 { text += "," }
        text += Self.quote(key) + ":" + value
    }
    mutating func add(_ key: String, _ value: String) { add(key, raw: Self.quote(value)) }
    mutating func add(_ key: String, _ value: Int) { add(key, raw: String(value)) }
    mutating func add(_ key: String, _ value: Bool) { add(key, raw: value ? "true" : "false") }
    mutating func add(_ key: String, _ value: Double) {
        add(key, raw: value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) : "null")
    }

    func finish() -> String { text + "}" }

    static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where escaped(scalar):
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: scalar.properties.generalCategory == .format
        }
    }
}
