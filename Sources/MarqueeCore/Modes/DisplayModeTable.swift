/// The one table of display modes' names (docs/display.md, "Display
/// modes"): the deck parser (`mode`, `enter`, `exit`), the command line
/// (`--mode`, `--enter`, `--exit`), `say`/`add` over the control socket and
/// the fleet, `send` and the completions all read it, so a name is known to
/// all or to none; the man page, the README and docs/display.md are held to
/// it by tests (`ModeFieldsTests`). An unknown name is one line that lists
/// the valid ones.
public enum DisplayModeTable {
    /// The three fields a message's modes are given in.
    public enum Field: String, Sendable, CaseIterable {
        case mode, enter, exit

        /// The names this field takes.
        public var names: [String] {
            self == .mode ? StayMode.allCases.map(\.rawValue) : Transition.allCases.map(\.rawValue)
        }
    }

    /// The stay mode named `name` (case aside, surrounding blanks ignored).
    public static func stay(named name: String) throws(ModeNameError) -> StayMode {
        guard let mode = StayMode(rawValue: normal(name)) else { throw ModeNameError(field: .mode, written: name) }
        return mode
    }

    /// The transition named `name` for `field` (`enter` or `exit`).
    public static func transition(named name: String, field: Field = .enter) throws(ModeNameError) -> Transition {
        guard let transition = Transition(rawValue: normal(name)) else { throw ModeNameError(field: field, written: name) }
        return transition
    }

    private static func normal(_ name: String) -> String {
        String(name.lowercased().drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// A name no display mode has: its message is one line listing the valid
/// ones, with the name as typed (cut at 40 characters, and what a terminal
/// would act on shown as escapes, `TerminalText.visible`: a name may come
/// from the network).
public struct ModeNameError: Error, Sendable, Equatable {
    public let field: DisplayModeTable.Field
    public let written: String

    public init(field: DisplayModeTable.Field, written: String) {
        self.field = field
        self.written = written
    }

    public var message: String {
        let kind = field == .mode ? "mode" : "transition"
        let shown = TerminalText.visible(String(written.prefix(40)))
        return "unknown \(kind) '\(shown)'\(written.count > 40 ? "…" : "") for '\(field.rawValue)' (use \(field.names.joined(separator: ", ")))"
    }
}
