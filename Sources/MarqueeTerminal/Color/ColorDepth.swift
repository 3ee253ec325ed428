/// How many colours the terminal shows, decided from the environment:
/// truecolor when `COLORTERM` says so, else 256, else 8; `NO_COLOR`
/// set and non-empty means none.
public enum ColorDepth: String, Sendable, Equatable {
    case none, eight, palette256, direct

    /// The depth the environment asks for; `colors` is what the terminfo
    /// entry reports once the terminal is open (nil before).
    public static func detect(environment: [String: String], terminfoColors: Int?) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        // COLORTERM alone proves nothing: true colour needs a direct-colour
        // terminfo entry (see `wantsDirect`), which reports 2^24 colours.
        let colors = terminfoColors ?? 0
        if colors >= 0x1000000 { return .direct }
        if colors >= 256 { return .palette256 }
        if colors >= 8 { return .eight }
        return .none
    }

    /// Whether the palette has shades of one colour: 256 colours and true
    /// colour do (the LED ramp); 8 or 16 have one red, and none has none.
    public var showsShades: Bool {
        self == .palette256 || self == .direct
    }

    /// Whether to try a direct-colour terminfo entry: `COLORTERM` says the
    /// terminal shows true colour and `NO_COLOR` does not forbid colour.
    public static func wantsDirect(environment: [String: String]) -> Bool {
        ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
            && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The terminfo entry to try first for true colour: the terminal's
    /// `-direct` sibling (`xterm-256color` → `xterm-direct`), so colour
    /// numbers are RGB values and the user's palette is never redefined.
    public static func directVariant(of term: String) -> String? {
        guard !term.isEmpty, !term.hasSuffix("-direct") else { return nil }
        let base = term.split(separator: "-").first.map(String.init) ?? term
        return base + "-direct"
    }
}
