/// Live fields: the host reads them, the state keeps what the sign shows.
extension PlayerState {
    /// The shown message's fields read anew, as the message slice keeps
    /// them; nil when the reading changes nothing. Only a reading for the
    /// message on the sign, with a text that differs, changes anything: the
    /// same seconds reading twice draws nothing, and the message keeps its
    /// scroll position, its wait and its pass (a new width re-measures it).
    func newFill(_ filled: FilledFields) -> FilledCue? {
        guard filled.messageID == messageID, currentCue.fields != nil else { return nil }
        let current = filledCue?.messageID == messageID ? filledCue?.cue : nil
        guard current?.text != filled.text || current?.caption != filled.caption else { return nil }
        return FilledCue(messageID: messageID, cue: currentCue.filled(text: filled.text, caption: filled.caption, previous: current))
    }
}
