import MarqueeCore

/// One source of the sign's inputs — keys, signals, the live feed, the
/// control socket, the fleet, power, live fields, schedules, the wall
/// clock — as the player runs it (docs/architecture.md, "Input sources"):
/// `Program` lists them, ``InputSources`` prepares, starts and stops them
/// in that order, and each sends what it hears through the
/// ``PlayerPort`` it is given, the player's one door. A new source is a
/// type in its own folder and an entry in `Program.inputSources`;
/// `PlayerController` does not change.
///
/// Two phases, because the start batch (the inputs reduced with
/// `.start`, before the first frame) must already know the machine: in
/// `prepare` a source installs an engine hook or opens what must be open
/// before a first reading, and returns what joins that batch; it must not
/// send. In `start`, after the first frame, it may.
@MainActor
protocol InputSource: AnyObject {
    /// Before the engine starts: returns the inputs that join the start
    /// batch, in list order (the first power reading, the wall clock's
    /// offset). None by default.
    func prepare(_ player: PlayerPort) -> [PlayerInput]
    /// After the start batch: begins sending inputs. Nothing by default.
    func start(_ player: PlayerPort)
    /// The player has just performed the effects of an input (written its
    /// records): a source that tells others about the sign (the fleet's
    /// status) looks again. Nothing by default.
    func effectsPerformed()
    /// Stops for good: no input after it, and what it borrowed is given back.
    func stop()
}

extension InputSource {
    func prepare(_ player: PlayerPort) -> [PlayerInput] { [] }
    func start(_ player: PlayerPort) {}
    func effectsPerformed() {}
}
