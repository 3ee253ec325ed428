/// The zones' slice of the player: the clock their scrolls and turns are
/// read from. It counts seconds while frames are rendered and stops with
/// the main sign's scroll clock (the motion policy, pause), so a zone is a
/// pure function of it: frozen, it holds; resumed, it goes on where it
/// stood (docs/scroll-clock.md, docs/zones.md "Motion").
public struct ZoneState: Sendable, Equatable {
    /// Seconds of motion the zones have played.
    public private(set) var clock = ScrollClock(speed: 1)

    public init() {}

    /// Runs the clock while `running`, keeping its position.
    mutating func setRunning(_ running: Bool, at t: Double) {
        clock.setRunning(running, at: t)
    }
}
