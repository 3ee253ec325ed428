/// Why the terminal could not be used; each has a one-line message for stderr.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case noTerm
    case unknownTerm(String)
    case notATerminal
    case cannotOpenTTY(String)
    /// `--tty DEVICE` could not be opened, or is not a terminal.
    case cannotOpenDevice(String, String)

    public var description: String {
        switch self {
        case .noTerm:
            "TERM is not set, so the terminal type is unknown (try --snapshot for plain text output)"
        case .unknownTerm(let name):
            "terminal type '\(name)' cannot draw a full-screen sign (try --snapshot for plain text output)"
        case .notATerminal:
            "standard output is not a terminal (try --snapshot for plain text output)"
        case .cannotOpenTTY(let reason):
            "cannot open /dev/tty for keys: \(reason)"
        case .cannotOpenDevice(let path, let reason):
            "\(path): cannot open terminal: \(reason)"
        }
    }
}
