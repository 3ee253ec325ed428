/// `--format`: how standard input with `-f -` is read (docs/cue-flow.md,
/// "Live input").
public enum CueInputFormat: String, Sendable, CaseIterable {
    /// A deck when the first non-blank byte is `[`, else lines.
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
        case .auto: bytes.first(where: { !CueInputFormat.isBlank($0) }) == UInt8(ascii: "[")
        }
    }

    /// The bytes that do not decide `auto`: space, tab and line ends.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
