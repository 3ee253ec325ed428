/// The scroll slice: where the message and a long caption stand, as clocks
/// that resume exactly where they stopped (docs/scroll-clock.md).
public struct ScrollState: Sendable {
    public private(set) var clock: ScrollClock
    /// Position of a caption too long for two lines, which scrolls in its
    /// row; it runs with the frames and starts over with each message.
    public private(set) var captionClock = ScrollClock(speed: PlayerState.captionSpeed)

    /// The display mode's clock, in seconds: a transition's progress and a
    /// stay mode's loop are functions of it (docs/display.md, "Display
    /// modes"). It runs with the frames, freezes on a pause or a stop and
    /// resumes where it stood, and starts over with each message.
    public private(set) var modeClock = ScrollClock(speed: 1)

    init(speed: Double) { clock = ScrollClock(speed: speed) }

    /// The message's scroll goes back to its entry position.
    mutating func resetScroll(at t: Double) { clock.reset(to: 0, at: t) }

    /// The caption goes back to its start.
    mutating func resetCaption(at t: Double) { captionClock.reset(to: 0, at: t) }

    /// The display mode's clock goes back to 0: a new message.
    mutating func resetMode(at t: Double) { modeClock.reset(to: 0, at: t) }

    mutating func setPace(speed: Double, direction: Double, at t: Double) {
        clock.setPace(speed: speed, direction: direction, at: t)
    }

    mutating func setSpeed(_ speed: Double, at t: Double) { clock.setSpeed(speed, at: t) }

    mutating func reverse(at t: Double) { clock.reverse(at: t) }

    /// Runs or stops each clock, keeping their positions.
    mutating func setRunning(scroll: Bool, caption: Bool, mode: Bool, at t: Double) {
        clock.setRunning(scroll, at: t)
        captionClock.setRunning(caption, at: t)
        modeClock.setRunning(mode, at: t)
    }
}
