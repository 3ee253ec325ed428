/// How many colours the terminal shows, decided from the environment
/// (SPEC 1): truecolor when `COLORTERM` says so, else 256, else 8; `NO_COLOR`
/// set and non-empty means none.
public enum ColorDepth: String, Sendable, Equatable {
    case none, eight, palette256, direct

    /// The depth the environment asks for; `colors` is what the terminfo
    /// entry reports once the terminal is open (nil before).
    public static func detect(environment: [String: String], terminfoColors: Int?) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let colors = terminfoColors ?? 0
        if colors >= 0x1000000 { return .direct }
        if colorTerm == "truecolor" || colorTerm == "24bit" { return colors >= 256 ? .palette256 : (colors >= 8 ? .eight : .none) }
        if colors >= 256 { return .palette256 }
        if colors >= 8 { return .eight }
        return .none
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
