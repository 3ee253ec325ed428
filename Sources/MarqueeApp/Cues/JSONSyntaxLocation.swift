/// Where a document stops being JSON, as a person finds it in an editor:
/// line and column (1-based, columns in characters) and what stands there.
/// Found by `JSONPrefixScanner`, which checks the grammar byte by byte, so a
/// deck's error message can point at the comma that is missing.
///
/// ```swift
/// JSONSyntaxLocation.find(in: Array("[\n{\"a\": 1 \"b\": 2}]".utf8))?.description
/// // "2:9: not valid JSON (unexpected '\"')"
/// ```
struct JSONSyntaxLocation: Equatable, CustomStringConvertible {
    let line: Int
    let column: Int
    /// What was found there: `'x'`, a byte's value, or the end.
    let found: String

    var description: String { "\(line):\(column): not valid JSON (\(found))" }

    /// The first place `bytes` stops being one JSON value with blanks around
    /// it; nil when the grammar finds none (the decoder refused it for
    /// another reason, e.g. a number out of range).
    static func find(in bytes: [UInt8]) -> JSONSyntaxLocation? {
        var scanner = JSONPrefixScanner()
        var complete = false
        for (offset, byte) in bytes.enumerated() {
            if complete {
                if CueInputFormat.isBlank(byte) { continue }
                return at(offset, in: bytes, found: "text after the JSON value: \(describe(byte))")
            }
            switch scanner.feed(byte) {
            case .partial: continue
            case .complete: complete = true
            case .invalid: return at(offset, in: bytes, found: "unexpected \(describe(byte))")
            }
        }
        return complete ? nil : at(bytes.count, in: bytes, found: "it ends before the JSON value does")
    }

    private static func at(_ offset: Int, in bytes: [UInt8], found: String) -> JSONSyntaxLocation {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Characters, not bytes: UTF-8 continuation bytes start none.
        let column = 1 + bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count
        return JSONSyntaxLocation(line: line, column: column, found: found)
    }

    /// A byte as the message shows it: printable ASCII quoted, else its value.
    private static func describe(_ byte: UInt8) -> String {
        guard !(0x21...0x7E).contains(byte) else { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" : "") + hex
    }
}
