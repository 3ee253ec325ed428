import EventLoop
import MarqueeCore
import MarqueeTerminal

/// What an input source may ask of the player: the one door for inputs
/// (`PlaybackEngine.send`), the time and the state to read, the answer a
/// request gets, the log, and the engine hooks a source fills before the
/// start. A signal is handed over as it is, since what it does to the
/// display and to the run is the player's. A source holds no engine and
/// no display, so adding one does not touch `PlayerController`; the tests
/// build a port of their own.
///
/// Each function holds the player weakly: the loop may still hold a
/// source's callback after the player has gone.
struct PlayerPort: Sendable {
    /// The engine's clock, the loop's: a source's waits sleep on it.
    var clock: LoopClock
    /// Seconds on the engine's clock.
    var now: @MainActor @Sendable () -> Double
    /// The state now, to read.
    var state: @MainActor @Sendable () -> PlayerState
    /// Hands the engine one input.
    var send: @MainActor @Sendable (PlayerInput) -> Void
    /// Hands the engine a remote command and returns its outcome; sent
    /// outside a batch (from a descriptor's handler), it is reduced before
    /// this returns. Nil: no outcome (the sign is busy or has gone).
    var command: @MainActor @Sendable (RemoteCommand) -> RemoteOutcome?
    /// Answers a request as the control socket does (docs/control.md).
    var answer: @MainActor @Sendable (ControlRequest) -> ControlReply
    /// A PNG of what the sign shows now at a pitch, for a fleet's
    /// `snapshot` (``SnapshotTaker``): `done` is called later, on the loop.
    var snapshot: @MainActor @Sendable (Int, @escaping SnapshotTaker.Done) -> Void
    /// An error a person should know of: an `error` record and a notice.
    var report: @MainActor @Sendable (String) -> Void
    /// A record for the events log and `watch` clients.
    var record: @MainActor @Sendable (EventRecord) -> Void
    /// A terminal signal, or the terminal gone (`.hangup`): the player
    /// quits, redraws, suspends or reopens its log.
    var signal: @MainActor @Sendable (TerminalSignal) -> Void
    /// Installs the engine's ``PlaybackEngine/fill`` hook (in `prepare` only).
    var setFill: @MainActor @Sendable (@escaping (PlayerState) -> FilledFields?) -> Void
    /// Installs the engine's ``PlaybackEngine/localTime`` hook (in `prepare` only).
    var setLocalTime: @MainActor @Sendable (@escaping () -> LocalMoment?) -> Void
}
