/// A `--zones` value or a deck's `"zones"` entry that cannot be read: the
/// message says what is wrong with it, quoting what was written as
/// ``TerminalText/visible(_:limit:)`` shows hostile text.
public struct ZoneSyntaxError: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
