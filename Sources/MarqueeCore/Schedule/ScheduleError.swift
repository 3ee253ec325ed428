/// Why a `days`, `hours`, `from`, `until` or `--quiet` value cannot be
/// read: one line, with what was written quoted escaped and short, so a
/// deck or the command line can put it after the place it names.
public struct ScheduleError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// Longest value read at all: a timetable is short, and a hostile one
    /// must not make the parser or the error long.
    public static let maximumValueBytes = 1_024
    static let tooLong = ScheduleError("longer than \(maximumValueBytes) bytes")

    /// `text` quoted for an error line: escaped (no control reaches a
    /// terminal) and cut to 32 characters.
    static func quoted<S: StringProtocol>(_ text: S) -> String {
        let shown = text.count > 32 ? String(text.prefix(32)) + "…" : String(text)
        return "\"" + TerminalText.visible(shown) + "\""
    }

    static func shown<S: StringProtocol>(_ text: S) -> String { quoted(text) }

    /// Only ASCII letters fold, so a look-alike letter never matches a name.
    static func asciiLowercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}
