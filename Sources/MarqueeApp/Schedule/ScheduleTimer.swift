import EventLoop
import MarqueeCore
import PlayerRuntime

/// Wakes the sign for the next schedule edge — a message's window opening
/// or closing, quiet hours beginning or ending — and at no other time
/// (docs/schedules.md). One timer, keyed by the state's schedules and by
/// how often the wall clock was set: it computes the next edge on the wall
/// clock (`ZoneTimeline`, the zone being `localtime_r`'s), sleeps on the
/// loop's monotonic clock for the time to it, reads the clock again when
/// it wakes (sleeping on if the clock is still short of it), and sends the
/// local time. A step of the wall clock (`ClockJumpSource`) sends the
/// local time at once and starts the timer over.
@MainActor
final class ScheduleTimer {
    private struct Key: Hashable {
        var serial: Int
        var jumps: Int
    }

    private let timer = ConditionTaskRunner<Key>(executor: EventLoop.main)
    private let clock: LoopClock
    private let state: () -> PlayerState
    private let send: (LocalMoment) -> Void
    private var jumps = 0
    private var jumpSource: ClockJumpSource?

    /// A wake lands this long after the edge, so the clock it reads has
    /// certainly passed it (as live fields do).
    static let edgeSlack = 0.002

    init(clock: LoopClock, state: @escaping () -> PlayerState, send: @escaping (LocalMoment) -> Void) {
        self.clock = clock
        self.state = state
        self.send = send
    }

    /// The engine's ``PlaybackEngine/localTime`` hook, asked when the
    /// schedules changed: the time now, and the timer set for the new ones.
    func localTime() -> LocalMoment? {
        if jumpSource == nil {
            jumpSource = ClockJumpSource(loop: .main) { [weak self] in
                MainActor.assumeIsolated { self?.clockWasSet() }
            }
        }
        restart()
        return WallClock.localNow()
    }

    func stop() {
        timer.cancel()
        jumpSource?.stop()
        jumpSource = nil
    }

    /// The wall clock was stepped: the windows are judged again now, and
    /// the next edge reckoned anew. The animation, on the monotonic clock,
    /// is not touched.
    private func clockWasSet() {
        jumps += 1
        if let moment = WallClock.localNow() { send(moment) }
        restart()
    }

    /// Starts the edge timer unless the one running is for these schedules.
    private func restart() {
        timer.update(id: Key(serial: state().scheduleSerial, jumps: jumps)) { [weak self, clock] _ in
            while !Task.isCancelled {
                guard let self else { return }
                let state = self.state()
                guard state.followsSchedules else { return }  // schedules gone with a reload
                let now = Int64(WallClock.now().rounded(.down))
                guard let wake = ZoneTimeline.nextWake(after: now, zone: WallClock.civil, nextEdge: state.nextScheduleEdge) else {
                    return  // nothing will ever change: no timer at all
                }
                // Sleep on the loop clock; a wall clock running slow (NTP
                // slewing) is still short of the edge on waking: sleep on.
                var left = Double(wake) - WallClock.now()
                while left > 0 {
                    do { try await Task.sleep(for: .seconds(left + ScheduleTimer.edgeSlack), clock: clock) } catch { return }
                    left = Double(wake) - WallClock.now()
                }
                guard let moment = WallClock.localNow() else { return }
                self.send(moment)
            }
        }
    }
}
