/// Live fields: the host reads them, the state keeps what the sign shows.
extension PlayerState {
    /// The shown message's fields read anew. Only a reading for the message
    /// on the sign, with a text that differs, changes anything: the same
    /// seconds reading twice draws nothing, and the message keeps its
    /// scroll position, its wait and its pass (a new width re-measures it).
    mutating func fill(_ filled: FilledFields, at t: Double) -> [PlayerEffect] {
        guard filled.messageID == messageID, currentCue.fields != nil else { return [] }
        let current = filledCue?.messageID == messageID ? filledCue?.cue : nil
        guard current?.text != filled.text || current?.caption != filled.caption else { return [] }
        return transaction(at: t) { state in
            state.filledCue = FilledCue(messageID: state.messageID,
                                        cue: state.currentCue.filled(text: filled.text, caption: filled.caption, previous: current))
            return []
        }
    }
}
