/// How a message comes on (`enter`) or goes (`exit`): once per message
/// (docs/display.md, "Display modes"). Its name is its entry in
/// ``DisplayModeTable``; what it draws is its file in
/// `Modes/Transitions/`, a pure function of its progress and the message's
/// LEDs (``ModeCanvas``).
public enum Transition: String, Sendable, CaseIterable {
    /// At once (the default exit).
    case cut
    /// Today's fade-in: the lit LEDs ramp up in 0.3 s (the default enter).
    case fade
    case wipeLeft = "wipe-left", wipeRight = "wipe-right", wipeUp = "wipe-up", wipeDown = "wipe-down"
    /// From both edges inwards.
    case wipeIn = "wipe-in"
    /// From the middle outwards.
    case wipeOut = "wipe-out"
    case rollLeft = "roll-left", rollRight = "roll-right", rollUp = "roll-up", rollDown = "roll-down"
    /// Letter by letter, each sliding in from the right edge.
    case slide
    /// Letter by letter, with a cursor bar after the last one typed.
    case typewriter
    /// LEDs light in a random order, each with a spark.
    case sparkle
    /// Lit LEDs fall from the top into place.
    case snow
    /// Alternate rows slide in from opposite sides.
    case interlock
    /// LEDs appear in a random order.
    case dissolve
    /// A cursor bar sweeps across, leaving the message behind it.
    case scan
    /// One of the others, chosen per message from its text and place in
    /// the deck (so exports and tests are reproducible).
    case random

    /// How long it runs, in seconds on the mode clock.
    public var seconds: Double {
        switch self {
        case .cut, .random: 0
        case .fade: 0.3
        case .wipeLeft, .wipeRight, .wipeUp, .wipeDown, .wipeIn, .wipeOut, .interlock: 0.8
        case .rollLeft, .rollRight, .rollUp, .rollDown: 0.8
        case .dissolve, .scan: 1.0
        case .sparkle: 1.2
        case .typewriter, .slide, .snow: 1.5
        }
    }

    /// Whether it draws through the mode path (``ModeCanvas``): all but a
    /// cut, and the fade, which is the sign's own shade ramp.
    public var drawsFrames: Bool { self != .cut && self != .fade && self != .random }

    /// The transitions `random` chooses among: every one that draws.
    public static let drawn: [Transition] = allCases.filter(\.drawsFrames)

    /// This transition, with `random` made one of ``drawn`` by `seed`.
    public func resolved(seed: UInt64) -> Transition {
        guard self == .random else { return self }
        return Transition.drawn[Int(seed % UInt64(Transition.drawn.count))]
    }
}
