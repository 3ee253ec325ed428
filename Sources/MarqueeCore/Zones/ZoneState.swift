/// The zones' slice of the player: the zones of the deck playing, and the
/// clock their scrolls and turns are read from. It counts seconds while frames are rendered and stops with
/// the main sign's scroll clock (the motion policy, pause), so a zone is a
/// pure function of it: frozen, it holds; resumed, it goes on where it
/// stood (docs/scroll-clock.md, docs/zones.md "Motion").
public struct ZoneState: Sendable, Equatable {
    /// Seconds of motion the zones have played.
    public private(set) var clock = ScrollClock(speed: 1)
    /// The `"zones"` of the deck playing: they replace `--zones` while it
    /// plays; nil for a deck without them (docs/zones.md, "In a deck").
    public private(set) var deckZones: [SignZone]?

    public init(deckZones: [SignZone]? = nil) {
        self.deckZones = deckZones
    }

    /// Takes a new deck's zones; false when they are the ones shown.
    mutating func adopt(deckZones newZones: [SignZone]?) -> Bool {
        guard newZones != deckZones else { return false }
        deckZones = newZones
        return true
    }

    /// Runs the clock while `running`, keeping its position.
    mutating func setRunning(_ running: Bool, at t: Double) {
        clock.setRunning(running, at: t)
    }
}
