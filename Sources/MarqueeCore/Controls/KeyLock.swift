/// `--keys`: which keys a person at the sign may use. A shop's keyboard, a
/// booth's, or a cat on one, must not stop or change a sign left to play
/// for months: `safe` keeps what only looks (pause, next, previous, the
/// key list) and `none` keeps nothing. The terminal's own Ctrl-C, Ctrl-Z
/// and Ctrl-\ are turned off with them (`MarqueeTerminal`'s terminal
/// modes), so the sign is stopped by its service manager or a signal.
public enum KeyLock: String, CaseIterable, Sendable {
    case all, safe, none

    /// Whether a key asking for `action` does it.
    public func allows(_ action: KeyAction) -> Bool {
        switch self {
        case .all: true
        case .safe: KeyLock.safeActions.contains(action)
        case .none: false
        }
    }

    /// What `safe` leaves: moving through the flow and reading the keys,
    /// nothing that quits, suspends or changes how the sign plays.
    static let safeActions: Set<KeyAction> = [.pauseResume, .next, .previous, .help]

    /// Whether the terminal still turns Ctrl-C, Ctrl-Z and Ctrl-\ into signals.
    public var terminalSignalKeys: Bool { self == .all }
}
