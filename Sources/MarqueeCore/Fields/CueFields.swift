/// The live fields of one cue: its text's and its caption's templates,
/// kept on the cue so they are parsed once, when it is made.
public struct CueFields: Sendable, Hashable {
    /// Nil when the text (or caption) has no live field.
    public let text: FieldTemplate?
    public let caption: FieldTemplate?

    /// Nil when neither has a live field.
    init?(text: FieldTemplate?, caption: FieldTemplate?) {
        guard text?.isLive == true || caption?.isLive == true else { return nil }
        self.text = text?.isLive == true ? text : nil
        self.caption = caption?.isLive == true ? caption : nil
    }

    /// Every distinct field of text and caption.
    public var all: [LiveField] {
        var fields = text?.fields ?? []
        for field in caption?.fields ?? [] where !fields.contains(field) { fields.append(field) }
        return fields
    }

    /// The most frequent refresh any field needs.
    public var refresh: LiveField.Refresh {
        [text?.refresh, caption?.refresh].compactMap { $0 }.min() ?? .powerReading
    }
}
