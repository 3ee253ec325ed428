import EventLoop
import MarqueeCore

/// Tells the player where the wall clock stands against its monotonic
/// time line, for `--sync` (docs/cue-flow.md, "Playing in step"): the
/// offset (`CLOCK_REALTIME` now less the engine's time now) in the start
/// batch, and again each time the wall clock is set (`ClockJumpSource`: an
/// NTP step, `date -s`, a resume from suspend). Between steps the two
/// clocks run at the same rate (NTP slews both), so the offset holds. A
/// sign that is not synced opens no timerfd at all.
@MainActor
final class WallClockWatch: InputSource {
    private var jumps: ClockJumpSource?

    /// The offset now joins the start batch, so the first frame already
    /// plays the slot the wall clock gives; a synced sign opens its
    /// watch of the clock's steps here too, before that reading.
    func prepare(_ player: PlayerPort) -> [PlayerInput] {
        if player.state().settings.sync {
            jumps = ClockJumpSource(loop: .main) {
                MainActor.assumeIsolated { player.send(WallClockWatch.reading(player)) }
            }
        }
        return [WallClockWatch.reading(player)]
    }

    /// The wall clock's offset now, as the input the player takes.
    static func reading(_ player: PlayerPort) -> PlayerInput {
        // Read back to back: the two clocks are a fraction of a microsecond apart.
        let engineNow = player.now()
        return .wallClock(offset: WallClock.now() - engineNow)
    }

    func stop() {
        jumps?.stop()
        jumps = nil
    }
}
