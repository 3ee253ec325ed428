import MarqueeCore
import PlayerRuntime

/// Schedule edges on a virtual clock: as `ScheduleTimer` wakes a playing
/// sign for the next window opening or closing, or quiet hours beginning
/// or ending, and at no other time (docs/schedules.md), this arms one
/// timer of the engine's `ManualClock` at the next edge of the virtual
/// wall clock and sends the local time there. The zone is the program's,
/// as for the sign; the virtual wall clock is never set, so there is no
/// jump to follow.
@MainActor
final class VirtualSchedule {
    private let engine: PlaybackEngine<ManualClock>
    /// The wall clock at engine time 0.
    private let wallStart: Double
    private var disarm: (() -> Void)?

    init(engine: PlaybackEngine<ManualClock>, wallStart: Double) {
        self.engine = engine
        self.wallStart = wallStart
    }

    /// The engine's `localTime` hook, asked when the schedules changed:
    /// the local time now, and the timer set for the new schedules.
    func localTime() -> LocalMoment? {
        let now = Int64((wallStart + engine.now()).rounded(.down))
        arm(after: now)
        return WallClock.civil(at: now)
    }

    /// Arms the timer for the first edge after wall second `now`, if any.
    private func arm(after now: Int64) {
        disarm?()
        disarm = nil
        let state = engine.state
        guard state.followsSchedules,
              let wake = ZoneTimeline.nextWake(after: now, zone: WallClock.civil, nextEdge: state.nextScheduleEdge) else { return }
        // The virtual clock reaches the edge exactly: no slack is needed.
        let deadline = engine.origin.advanced(by: .seconds(Double(wake) - wallStart))
        disarm = engine.clock.schedule(at: deadline) { [weak self] in self?.edge(at: wake) }
    }

    private func edge(at wake: Int64) {
        disarm = nil
        if let moment = WallClock.civil(at: wake) { engine.send(.localTime(moment)) }
        // From the edge itself: the engine's reading of it may round below.
        arm(after: wake)
    }
}
