/// The schedule slice (docs/schedules.md): which messages are in their
/// window now, whether the flow is idle, the local time last read, and
/// quiet hours. The host reads the clock when `scheduleSerial` moves past
/// the reading's (``PlayerState/needsLocalTime``).
public struct ScheduleState: Sendable {
    /// Whether each cue is in its schedule now, by index; empty when no
    /// cue has a schedule (then every one is), so a sign without schedules
    /// pays nothing.
    public private(set) var inWindow: [Bool] = []
    /// Cues in their schedule now (all of them without schedules).
    public private(set) var scheduledCount = 0
    /// The flow has no message to show: none is in its schedule (or, with
    /// `--once`, none after the last one shown). The sign shows
    /// `--idle-message`, or goes dark.
    public private(set) var idle = false
    /// The local time last read by the host, nil before the first.
    public private(set) var localTime: LocalMoment?
    /// Bumped whenever the schedules the sign follows may have changed (the
    /// cues changed and some have one): the host then reads the clock again
    /// and computes the next edge anew.
    public private(set) var scheduleSerial = 0
    /// The `scheduleSerial` the last reading answered.
    private(set) var timeSerial = 0
    /// Quiet hours hold now (`--quiet`).
    public private(set) var quietNow = false
    /// A key lit the quiet sign: full brightness and motion until the
    /// controls line hides again.
    public private(set) var quietLit = false

    init() {}

    /// Whether the cue at `index` may show now.
    public func isInWindow(_ index: Int) -> Bool { inWindow.isEmpty || inWindow[index] }

    /// Quiet hours are set: the host must read the clock before the first frame.
    mutating func askForTime() { scheduleSerial += 1 }

    /// The cues changed: their windows are judged at the last known time
    /// until the host reads the clock again, which it is asked to do.
    mutating func follow(cues: [Cue]) {
        guard cues.contains(where: { $0.schedule != nil }) else {
            if !inWindow.isEmpty { scheduleSerial += 1 }
            inWindow = []
            scheduledCount = cues.count
            return
        }
        scheduleSerial += 1
        inWindow = cues.map { cue in cue.schedule.map { schedule in localTime.map(schedule.contains) ?? true } ?? true }
        scheduledCount = inWindow.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// A reading of the local time: windows and quiet hours follow it.
    /// True when a window opened or closed (the synced slots change).
    mutating func read(_ moment: LocalMoment, cues: [Cue], quiet: QuietHours?) -> Bool {
        localTime = moment
        timeSerial = scheduleSerial
        var windowsChanged = false
        if !inWindow.isEmpty {
            let windows = cues.map { $0.schedule?.contains(moment) ?? true }
            windowsChanged = windows != inWindow
            inWindow = windows
            scheduledCount = inWindow.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let quietHolds = quiet?.schedule.contains(moment) ?? false
        if quietHolds != quietNow {
            quietNow = quietHolds
            quietLit = false
        }
        return windowsChanged
    }

    mutating func set(idle newIdle: Bool) { idle = newIdle }

    /// A key lit the quiet sign.
    mutating func light() { quietLit = true }

    /// The controls line hid: a lit quiet sign goes quiet again.
    mutating func unlight() { quietLit = false }
}
