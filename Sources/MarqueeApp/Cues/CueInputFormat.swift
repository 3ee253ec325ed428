/// `--format`: how standard input with `-f -` is read (docs/cue-flow.md,
/// "Live input").
public enum CueInputFormat: String, Sendable, CaseIterable {
    /// A deck when the input starts with `[` and is one JSON value, as far
    /// as it has arrived; else lines (`CueStream`, docs/cue-flow.md).
    case auto
    /// A JSON deck, read to its end before the sign starts.
    case json
    /// One message per line, each joining the flow as it arrives.
    case lines

    /// Whether `bytes`, the whole input, are a deck in this format.
    func isDeck(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .json: true
        case .lines: false
        case .auto: CueInputFormat.startsWithDeck(bytes)
        }
    }

    /// `auto`'s rule on a whole input (a terminal's standard input, read
    /// to its end): what `CueStream` would choose as the bytes came. An
    /// input that ends while still the start of a JSON value is a deck,
    /// whose parser then says what is missing.
    static func startsWithDeck(_ bytes: [UInt8]) -> Bool {
        guard var index = bytes.firstIndex(where: { !isBlank($0) }), bytes[index] == UInt8(ascii: "[") else { return false }
        var scanner = JSONPrefixScanner()
        while index < bytes.endIndex {
            let verdict = scanner.feed(bytes[index])
            index += 1
            if verdict == .invalid { return false }
            if verdict == .complete {
                // The rest of the value's line decides.
                let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
                return bytes[index..<lineEnd].allSatisfy(isBlank)
            }
        }
        return true
    }

    /// The bytes that do not decide `auto`: space, tab and line ends.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
