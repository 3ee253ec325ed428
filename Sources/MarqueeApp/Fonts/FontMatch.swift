import CLazyLibraries
import MarqueeCore

/// A font by name, as `fc-match` finds it (`--font "DejaVu Sans:bold"`,
/// docs/display.md, "Fonts"): fontconfig's pattern syntax, family then
/// `:style`, `:weight=…` and the like.
enum FontMatch {
    /// What fontconfig found for a pattern. It always finds some font: for
    /// a family it does not have, its configured stand-in (DejaVu Sans on
    /// Debian), which ``substitutionNotice`` says.
    struct Found: Sendable, Equatable {
        var path: String
        var index: Int
        /// The families the pattern names (none for `:bold`).
        var requested: [String]
        /// The matched font's families, first the name it goes by.
        var families: [String]

        /// Whether the match is none of the families asked for. Compared
        /// as fontconfig compares family names, ignoring case and blanks,
        /// so `dejavusans` asked and DejaVu Sans found is no substitution.
        /// A generic name (`monospace`, `sans-serif`) asks fontconfig to
        /// choose, so its choice is no stand-in.
        var isSubstitute: Bool {
            !requested.isEmpty && !requested.contains { asked in
                Found.genericFamilies.contains(Found.key(asked)) || families.contains { Found.key(asked) == Found.key($0) }
            }
        }

        /// The generic families fontconfig's configuration resolves (its
        /// 45-generic.conf and 60-latin.conf), as compared.
        static let genericFamilies: Set<String> = [
            "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
        ]

        /// One line for stderr at the start, when the font is a stand-in:
        /// `no installed font matches 'Foo Sans': using DejaVu Sans (/usr/share/…)`.
        var substitutionNotice: String? {
            guard isSubstitute else { return nil }
            let asked = requested.map { "'\($0)'" }.joined(separator: ", ")
            return "no installed font matches \(asked): using \(families.first ?? "a font") (\(path))"
        }

        private static func key(_ family: String) -> String {
            String(family.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" })
        }
    }

    /// The matched file and face index; a one-line reason when fontconfig
    /// is not installed or matches nothing.
    static func file(for pattern: String) throws(FontError) -> Found {
        var message = [CChar](repeating: 0, count: 4_096)
        if lm_load_fontconfig(&message, message.count) != 0 {
            throw FontError(file: pattern, line: nil, kind: .unreadable, detail: String(cBuffer: message))
        }
        var index = 0
        var requested = [CChar](repeating: 0, count: 1_024)
        var families = [CChar](repeating: 0, count: 1_024)
        guard lm_font_match(pattern, &message, message.count, &index, &requested, &families, families.count) == 0 else {
            throw FontError(file: pattern, line: nil, kind: .notAFont, detail: String(cBuffer: message))
        }
        func names(_ buffer: [CChar]) -> [String] {
            String(cBuffer: buffer).split(separator: "\n").map(String.init)
        }
        return Found(path: String(cBuffer: message), index: index, requested: names(requested), families: names(families))
    }
}
