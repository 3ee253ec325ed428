import EventLoop
import MarqueeCore

/// Tells the player where the wall clock stands against its monotonic
/// time line, for `--sync` (docs/cue-flow.md, "Playing in step"): the
/// offset (`CLOCK_REALTIME` now less the engine's time now) at start, and
/// again each time the wall clock is set (`ClockJumpSource`: an NTP step,
/// `date -s`, a resume from suspend). Between steps the two clocks run at
/// the same rate (NTP slews both), so the offset holds. A sign that is not
/// synced opens no timerfd at all.
@MainActor
final class WallClockWatch {
    private let now: () -> Double
    private let send: (PlayerInput) -> Void
    private var jumps: ClockJumpSource?

    init(sync: Bool, now: @escaping () -> Double, send: @escaping (PlayerInput) -> Void) {
        self.now = now
        self.send = send
        guard sync else { return }
        jumps = ClockJumpSource(loop: .main) { [weak self] in
            MainActor.assumeIsolated { self?.clockWasSet() }
        }
    }

    /// The wall clock's offset now, as the input the player takes.
    var reading: PlayerInput {
        // Read back to back: the two clocks are a fraction of a microsecond apart.
        let engineNow = now()
        return .wallClock(offset: WallClock.now() - engineNow)
    }

    private func clockWasSet() { send(reading) }

    func stop() {
        jumps?.stop()
        jumps = nil
    }
}
