import MarqueeCore

/// Schedules and quiet hours as an input source (docs/schedules.md):
/// ``ScheduleTimer`` becomes the engine's `localTime` hook before the
/// start, so the first frame already shows only what is in its window, and
/// sends the local time at each edge and each step of the wall clock.
@MainActor
final class ScheduleSource: InputSource {
    private var timer: ScheduleTimer?

    func prepare(_ player: PlayerPort) -> [PlayerInput] {
        let timer = ScheduleTimer(clock: player.clock, state: player.state, send: { player.send(.localTime($0)) })
        player.setLocalTime { timer.localTime() }
        self.timer = timer
        return []
    }

    func stop() {
        timer?.stop()
    }
}
