/// A priority message sent by `say`: it replaces the flow's message at
/// once, and when it ends the flow returns to the message it left, from
/// its entry position and with a full wait (docs/cue-flow.md).
public struct Interrupt: Sendable, Equatable {
    /// What shows: the text, its caption, and its seconds, which are how
    /// long it lasts when no `duration` is given.
    public let cue: Cue
    /// `for` seconds, when given: how long it lasts on the monotonic clock,
    /// beyond the 2…20 s a cue may have (an announcement may stand a while).
    public let duration: Double?

    /// The longest `for` accepted: a day. Longer is refused, not clamped, so
    /// a typo in a script is noticed.
    public static let longestDuration = 86_400.0

    public init(cue: Cue, duration: Double? = nil) {
        self.cue = cue
        self.duration = duration
    }

    /// Seconds it lasts: `duration`, or else its cue's seconds.
    public var seconds: Double { duration ?? cue.seconds }

    /// Why the reducer must refuse it, or nil when it may show.
    var refusal: String? {
        if cue.text.isEmpty { return "nothing to say: the text is empty" }
        if let duration, !(duration > 0 && duration <= Interrupt.longestDuration) {
            return "for must be more than 0 and at most \(Int(Interrupt.longestDuration)) seconds"
        }
        return nil
    }
}
