/// The shown message's live fields as the host just read them: the text
/// and caption with every field filled in, for the message `messageID`
/// names (a reading that arrives after the message changed is dropped).
public struct FilledFields: Sendable, Equatable {
    public var messageID: Int
    public var text: String
    public var caption: String?

    public init(messageID: Int, text: String, caption: String?) {
        self.messageID = messageID
        self.text = text
        self.caption = caption
    }
}

/// The cue the sign shows for a message with live fields: ``Cue/filled(text:caption:)``
/// of the current cue, kept with the message it belongs to.
public struct FilledCue: Sendable, Equatable {
    public var messageID: Int
    public var cue: Cue
}
