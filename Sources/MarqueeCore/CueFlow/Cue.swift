/// One message of a cue flow: the LED text, an optional caption shown under
/// it, and how long it stays before the flow moves on.
public struct Cue: Sendable, Equatable {
    /// Sanitized: no control characters or escape sequences. `{{` is
    /// already a `{`, and inline markup tags are markers (``MarkupText``),
    /// unless the text has live fields: then it is the template as
    /// written, and the sign shows ``filled(text:caption:)``.
    public let text: String
    /// Whether a span of the text blinks (`{blink}`), read once here: the
    /// frame ticker asks it on every input.
    public let blinksMarkup: Bool
    public let caption: String?
    /// Always within 2…20 (`SecondsPerMessage`).
    public let seconds: Double
    /// `text` and `caption` in display order, for plain terminal text (the
    /// fallback of a tiny pane, the caption row): right-to-left runs
    /// reordered and Arabic joined once here, never per frame.
    public let displayText: TerminalLine
    public let displayCaption: TerminalLine?
    /// The live fields (`{time}`, `{file:PATH}`, docs/live-fields.md) of
    /// text and caption; nil when there are none.
    public let fields: CueFields?
    /// Its own colour, style and motion, where they differ from the sign's.
    public let look: CueLook
    /// When it may show (a deck entry's `days`, `hours`, `from`, `until`);
    /// nil for always (docs/schedules.md).
    public let schedule: Schedule?

    public init(text: String, caption: String? = nil, seconds: Double = SecondsPerMessage.standard, look: CueLook = .none,
                schedule: Schedule? = nil) {
        let cleanText = TerminalText.sanitize(text)
        let cleanCaption = caption.map(TerminalText.sanitize).flatMap { $0.isEmpty ? nil : $0 }
        // Most messages have no brace at all: no template to parse.
        let textTemplate = cleanText.contains("{") ? FieldTemplate(parsing: cleanText) : nil
        let captionTemplate = cleanCaption.flatMap { $0.contains("{") ? FieldTemplate(parsing: $0) : nil }
        let fields = CueFields(text: textTemplate, caption: captionTemplate)
        // A text without live fields is fixed: its `{{` are read once, here.
        let unescaped = { (written: String, template: FieldTemplate?) in
            template.map { $0.isLive ? written : $0.render { $0.source } } ?? written
        }
        // A caption is plain text: its tags are removed, not drawn.
        self.init(text: unescaped(cleanText, textTemplate), caption: cleanCaption.map { MarkupText.plain(unescaped($0, captionTemplate)) },
                  seconds: seconds, look: look, schedule: schedule, fields: fields)
    }

    /// Builds the cue from text that is already clean; the one place the
    /// display strings are made (`kept` lends those of a text or caption
    /// that did not change, which are not made again).
    private init(text: String, caption: String?, seconds: Double, look: CueLook, schedule: Schedule?, fields: CueFields?,
                 kept: Cue? = nil) {
        self.text = text
        blinksMarkup = MarkupText.blinks(text)
        self.schedule = schedule?.isUnrestricted == true ? nil : schedule
        self.caption = caption?.isEmpty == false ? caption : nil
        self.seconds = SecondsPerMessage.sanitize(seconds)
        self.look = look
        self.fields = fields
        if let kept, kept.text == self.text {
            displayText = kept.displayText
        } else {
            displayText = TerminalLine(VisualText.displayString(self.text))
        }
        if let kept, kept.caption == self.caption {
            displayCaption = kept.displayCaption
        } else {
            displayCaption = self.caption.map { TerminalLine(VisualText.displayString($0)) }
        }
    }

    /// This cue as the sign shows it with its fields filled in: the same
    /// seconds and look, the filled text (cleaned again, since a field
    /// reads a file or a clock) and no fields of its own, so a file that
    /// holds `{time}` shows those braces as they are. `previous`, the last
    /// filling, lends its display strings to a part that did not change: a
    /// clock in the caption does not set the message again, nor the reverse.
    public func filled(text: String, caption: String?, previous: Cue? = nil) -> Cue {
        // The text's markers are its own tags'; a value's were dropped
        // as it was put in (``FieldTemplate/render(_:)``).
        Cue(text: TerminalText.sanitize(text, keepsMarkup: true), caption: caption.map { TerminalText.sanitize(MarkupText.plain($0)) },
            seconds: seconds, look: look,
            schedule: schedule, fields: nil, kept: previous ?? self)
    }
}
