import Testing

/// Every end-to-end test lives in one of three groups under this suite. The
/// tests of a group run one at a time; the three groups run side by side,
/// since a test spends its time waiting on its own sign in its own private
/// tmux server, broker or bus (its names carry the test process's pid and a
/// counter, its ports come from the kernel), so nothing is shared but the
/// CPU. `Timing` holds the suites that measure latency or rates, and every
/// suite that starts a broker, so those never run beside each other; put a
/// new suite in the group it is like, never directly under `EndToEnd`
/// (that would run its tests side by side).
///
/// The real `ledmarquee` binary (`$LEDMARQUEE_BIN`, else `.build/debug/ledmarquee`)
/// runs in a private tmux server and is driven with keys, signals, resizes and
/// a fake sysfs tree; `--events` shows what it did and when. When all have
/// run, `LeavesNothingBehind` checks that no tmux server, socket, temp dir
/// or process of theirs is left.
@Suite("End to end", LeavesNothingBehind())
struct EndToEnd {
    /// Latency, rates, floods, cue timing, and the fleet's brokers.
    @Suite("Timing", .serialized) struct Timing {}
    /// What the terminal shows: styles, glyphs, replays, crashes, signals.
    @Suite("Screens", .serialized) struct Screens {}
    /// Flows, schedules, live input, power readings, the control socket.
    @Suite("Flows", .serialized) struct Flows {}
}

// The suites whose helpers other groups' suites call on by their own names
// (`CueFlow.heldFlow`, `Faults.Hangup`): a suite nested in one group does
// not see another group's members. Add one here when a suite starts to.
typealias Control = EndToEnd.Flows.Control
typealias CueFlow = EndToEnd.Timing.CueFlow
typealias Faults = EndToEnd.Timing.Faults
typealias Fleet = EndToEnd.Timing.Fleet
typealias FlowLimits = EndToEnd.Flows.FlowLimits
typealias LEDSign = EndToEnd.Screens.LEDSign
typealias Power = EndToEnd.Flows.Power
typealias Schedules = EndToEnd.Flows.Schedules
