/// A key press, decoded from terminal input; the player reacts to these.
public enum Key: Sendable, Hashable {
    case character(Character)
    case left, right, up, down
    case escape
    case enter
    case interrupt   // Ctrl-C arriving as a byte (raw mode) rather than SIGINT
    case unknown

    /// The name written to the events log: a name for every key that
    /// is not a visible character (`space`, `enter`, `left`), and the code
    /// points of a character nobody could read in a log (`U+0085`, `U+202E`).
    public var name: String {
        switch self {
        case .character(" "): "space"
        case .character(let character) where Key.isInvisible(character):
            character.unicodeScalars.map { "U+" + Key.hex($0.value) }.joined(separator: " ")
        case .character(let character): String(character)
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .escape: "escape"
        case .enter: "enter"
        case .interrupt: "ctrl-c"
        case .unknown: "unknown"
        }
    }

    /// Controls, format characters, spaces other than the space bar's, and
    /// code points without a glyph show nothing, or act, where printed.
    private static func isInvisible(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
            default: false
            }
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
