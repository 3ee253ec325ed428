/// A key press, decoded from terminal input; the player reacts to these.
public enum Key: Sendable, Hashable {
    case character(Character)
    case left, right, up, down
    case escape
    case enter
    case interrupt   // Ctrl-C arriving as a byte (raw mode) rather than SIGINT
    case unknown

    /// The name written to the events log: a name for every key that
    /// is not a visible character (`space`, `enter`, `left`).
    public var name: String {
        switch self {
        case .character(" "): "space"
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
}
