/// A part of the sign that plays on its own beside the main sign
/// (docs/zones.md): a label at the left or right of the panel, or a second
/// LED line above or below it. It shows one text, or a few that take turns
/// every ``seconds``; each may hold live fields (`{time:%H:%M}`). A text
/// that fits its region stands still; one that does not scrolls round at
/// the sign's speed while motion is allowed.
///
/// ```swift
/// let zone = try SignZone(parsing: "right:{time:%H:%M}")
/// zone.edge    // .right
/// zone.width   // nil: as wide as its widest text
/// ```
public struct SignZone: Sendable, Equatable {
    /// Which side of the panel the zone takes.
    public enum Edge: String, Sendable, CaseIterable {
        /// A column of the panel's height, as wide as its widest text (or ``SignZone/width``).
        case left, right
        /// Part of the panel's height across the whole width: a second LED line.
        case top, bottom

        /// Left and right stand beside the main sign; top and bottom above and below it.
        public var isSide: Bool { self == .left || self == .right }
    }

    public let edge: Edge
    /// The texts, as written (fields unfilled); at least one.
    public let texts: [String]
    /// Width in terminal cells of a left or right zone; nil fits the widest text.
    public let width: Int?
    /// Seconds each text shows before the next, when there are several.
    public let seconds: Double
    /// Whether a text holds live fields: found once, as a frame tick asks.
    public let showsFields: Bool

    /// At most this many zones: one for each edge.
    public static let maximumZones = Edge.allCases.count
    /// At most this many texts take turns in one zone.
    public static let maximumTexts = 16
    /// Longest text of a zone, in characters: a zone is a label or a line,
    /// not a feed (a longer one is an error, not cut, as it was typed).
    public static let maximumTextLength = 256
    /// Widest a left or right zone may be asked, in cells.
    public static let maximumWidth = 200
    /// The turn of each text when none is given, and its bounds.
    public static let standardSeconds = 5.0
    public static let secondsRange = 0.5...3600.0

    public init(edge: Edge, texts: [String], width: Int? = nil, seconds: Double = SignZone.standardSeconds) {
        self.edge = edge
        self.texts = texts
        self.width = width
        self.seconds = seconds
        showsFields = texts.contains { !FieldTemplate(parsing: $0).fields.isEmpty }
    }

    /// Which of the texts shows after `elapsed` seconds of the zones' clock
    /// (``ZoneState``): a pure function of it, so a frozen clock holds the
    /// text and a resumed one goes on where it stood.
    public func textIndex(elapsed: Double) -> Int {
        guard texts.count > 1, elapsed.isFinite, elapsed > 0 else { return 0 }
        return Int((elapsed / seconds).rounded(.down)) % texts.count
    }

    /// Whether the zone changes on its own: it has texts that take turns.
    public var rotates: Bool { texts.count > 1 }
}
