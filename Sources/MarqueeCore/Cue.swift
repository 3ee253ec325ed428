/// One message of a cue flow: the LED text, an optional caption shown under
/// it, and how long it stays before the flow moves on.
public struct Cue: Sendable, Equatable {
    /// Sanitized: no control characters or escape sequences.
    public let text: String
    public let caption: String?
    /// Always within 2…20 (SPEC 5.2).
    public let seconds: Double

    public init(text: String, caption: String? = nil, seconds: Double = SecondsPerMessage.standard) {
        self.text = TerminalText.sanitize(text)
        let cleanCaption = caption.map(TerminalText.sanitize)
        self.caption = cleanCaption?.isEmpty == false ? cleanCaption : nil
        self.seconds = SecondsPerMessage.sanitize(seconds)
    }
}
