import CLazyLibraries
import MarqueeCore

/// A font by name, as `fc-match` finds it (`--font "DejaVu Sans:bold"`,
/// docs/display.md, "Fonts"): fontconfig's pattern syntax, family then
/// `:style`, `:weight=…` and the like.
enum FontMatch {
    /// The matched file and face index; a one-line reason when fontconfig
    /// is not installed or matches nothing.
    static func file(for pattern: String) throws(FontError) -> (path: String, index: Int) {
        var message = [CChar](repeating: 0, count: 4_096)
        if lm_load_fontconfig(&message, message.count) != 0 {
            throw FontError(file: pattern, line: nil, kind: .unreadable, detail: text(message))
        }
        var index = 0
        guard lm_font_match(pattern, &message, message.count, &index) == 0 else {
            throw FontError(file: pattern, line: nil, kind: .notAFont, detail: text(message))
        }
        return (text(message), index)
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
