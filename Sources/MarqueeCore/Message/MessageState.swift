/// The message slice: the message on the sign as a showing — which one it
/// is (`messageID`), when it appeared and whether its fade was seen
/// through, how it measures, whether it was shown whole, and its live
/// fields as filled in. A new message starts all of it over (`restart`).
public struct MessageState: Sendable {
    /// Bumped whenever the shown message (and so its layout) changes.
    public private(set) var messageID = 0
    /// When the current message appeared (its fade starts there).
    public private(set) var cueStartedAt: Double = -.infinity
    /// The current message's fade-in has not been seen to its end: until
    /// `endFade`, the frame ticker runs for it.
    public private(set) var fadePending = false
    /// How the current message measures on the current sign, from the host
    /// (it needs the font and the terminal size); nil until it is known.
    public private(set) var measure: MessageMeasure?
    /// Whether the scrolling message's last letter has come into view (or,
    /// for a single message played once, the message has crossed the sign).
    public private(set) var passShown = false
    /// Whether the message's enter transition has run its course (the
    /// enter timer saw it through); until then its seconds do not run.
    public private(set) var entered = false
    /// The shown message with its live fields filled in, for as long as
    /// `messageID` is the one it was filled for (docs/live-fields.md).
    public private(set) var filledCue: FilledCue?

    init() {}

    /// A new message: a new ID, its pass still to run, its fade from `t`
    /// (pending only when frames are drawn: only a frame tick ends a fade,
    /// and with none drawn there is none to see).
    mutating func restart(at t: Double, fades: Bool) {
        messageID += 1
        passShown = false
        entered = false
        cueStartedAt = t
        fadePending = fades
    }

    /// Shown at once, without a fade (the first message, a synced sign
    /// cutting in to its slot).
    mutating func cutIn() {
        cueStartedAt = -.infinity
        fadePending = false
    }

    /// The pass reached its end: the message has been shown whole.
    mutating func markShown() { passShown = true }

    /// The enter transition ran its course.
    mutating func markEntered() { entered = true }

    /// The fade-in was seen through.
    mutating func endFade() { fadePending = false }

    mutating func set(measure newMeasure: MessageMeasure?) { measure = newMeasure }

    mutating func set(filled: FilledCue) { filledCue = filled }
}
