/// One message of a cue flow: the LED text, an optional caption shown under
/// it, and how long it stays before the flow moves on.
public struct Cue: Sendable, Equatable {
    /// Sanitized: no control characters or escape sequences.
    public let text: String
    public let caption: String?
    /// Always within 2…20 (`SecondsPerMessage`).
    public let seconds: Double
    /// `text` and `caption` in display order, for plain terminal text (the
    /// fallback of a tiny pane, the caption row): right-to-left runs
    /// reordered and Arabic joined once here, never per frame.
    public let displayText: TerminalLine
    public let displayCaption: TerminalLine?
    /// Its own colour, style and motion, where they differ from the sign's.
    public let look: CueLook

    public init(text: String, caption: String? = nil, seconds: Double = SecondsPerMessage.standard, look: CueLook = .none) {
        self.text = TerminalText.sanitize(text)
        let cleanCaption = caption.map(TerminalText.sanitize)
        self.caption = cleanCaption?.isEmpty == false ? cleanCaption : nil
        self.seconds = SecondsPerMessage.sanitize(seconds)
        displayText = TerminalLine(VisualText.displayString(self.text))
        displayCaption = self.caption.map { TerminalLine(VisualText.displayString($0)) }
        self.look = look
    }
}
