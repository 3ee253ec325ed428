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
    @Suite("Timing", .serialized) struct Timing {
        // The other groups' suites by their own names: suites call on
        // each other's helpers (`CueFlow.heldFlow`, `Faults.Hangup`).
        typealias Console = Screens.Console
        typealias Crashes = Screens.Crashes
        typealias DescriptorLimit = Screens.DescriptorLimit
        typealias Headless = Screens.Headless
        typealias LEDSign = Screens.LEDSign
        typealias LazyLibraries = Screens.LazyLibraries
        typealias Looks = Screens.Looks
        typealias NoTerminal = Screens.NoTerminal
        typealias Readability = Screens.Readability
        typealias Signals = Screens.Signals
        typealias StartupWarnings = Screens.StartupWarnings
        typealias StatusLine = Screens.StatusLine
        typealias TerminalGlyphs = Screens.TerminalGlyphs
        typealias Threads = Screens.Threads
        typealias WideGlyphs = Screens.WideGlyphs
        typealias Control = Flows.Control
        typealias ControlTrust = Flows.ControlTrust
        typealias FlowLimits = Flows.FlowLimits
        typealias LiveFields = Flows.LiveFields
        typealias LiveInput = Flows.LiveInput
        typealias Power = Flows.Power
        typealias ReloadFaults = Flows.ReloadFaults
        typealias Schedules = Flows.Schedules
        typealias SendRefusal = Flows.SendRefusal
        typealias SignNames = Flows.SignNames
    }
    /// What the terminal shows: styles, glyphs, replays, crashes, signals.
    @Suite("Screens", .serialized) struct Screens {
        // The other groups' suites by their own names: suites call on
        // each other's helpers (`CueFlow.heldFlow`, `Faults.Hangup`).
        typealias ControlLoad = Timing.ControlLoad
        typealias CueFlow = Timing.CueFlow
        typealias Drift = Timing.Drift
        typealias EventsFlood = Timing.EventsFlood
        typealias Faults = Timing.Faults
        typealias Fleet = Timing.Fleet
        typealias FleetLink = Timing.FleetLink
        typealias FleetLoad = Timing.FleetLoad
        typealias Flood = Timing.Flood
        typealias PowerNews = Timing.PowerNews
        typealias Sync = Timing.Sync
        typealias Control = Flows.Control
        typealias ControlTrust = Flows.ControlTrust
        typealias FlowLimits = Flows.FlowLimits
        typealias LiveFields = Flows.LiveFields
        typealias LiveInput = Flows.LiveInput
        typealias Power = Flows.Power
        typealias ReloadFaults = Flows.ReloadFaults
        typealias Schedules = Flows.Schedules
        typealias SendRefusal = Flows.SendRefusal
        typealias SignNames = Flows.SignNames
    }
    /// Flows, schedules, live input, power readings, the control socket.
    @Suite("Flows", .serialized) struct Flows {
        // The other groups' suites by their own names: suites call on
        // each other's helpers (`CueFlow.heldFlow`, `Faults.Hangup`).
        typealias ControlLoad = Timing.ControlLoad
        typealias CueFlow = Timing.CueFlow
        typealias Drift = Timing.Drift
        typealias EventsFlood = Timing.EventsFlood
        typealias Faults = Timing.Faults
        typealias Fleet = Timing.Fleet
        typealias FleetLink = Timing.FleetLink
        typealias FleetLoad = Timing.FleetLoad
        typealias Flood = Timing.Flood
        typealias PowerNews = Timing.PowerNews
        typealias Sync = Timing.Sync
        typealias Console = Screens.Console
        typealias Crashes = Screens.Crashes
        typealias DescriptorLimit = Screens.DescriptorLimit
        typealias Headless = Screens.Headless
        typealias LEDSign = Screens.LEDSign
        typealias LazyLibraries = Screens.LazyLibraries
        typealias Looks = Screens.Looks
        typealias NoTerminal = Screens.NoTerminal
        typealias Readability = Screens.Readability
        typealias Signals = Screens.Signals
        typealias StartupWarnings = Screens.StartupWarnings
        typealias StatusLine = Screens.StatusLine
        typealias TerminalGlyphs = Screens.TerminalGlyphs
        typealias Threads = Screens.Threads
        typealias WideGlyphs = Screens.WideGlyphs
    }

    // And from outside the groups (`extension EndToEnd.ReloadFaults`).
    typealias ControlLoad = Timing.ControlLoad
    typealias CueFlow = Timing.CueFlow
    typealias Drift = Timing.Drift
    typealias EventsFlood = Timing.EventsFlood
    typealias Faults = Timing.Faults
    typealias Fleet = Timing.Fleet
    typealias FleetLink = Timing.FleetLink
    typealias FleetLoad = Timing.FleetLoad
    typealias Flood = Timing.Flood
    typealias PowerNews = Timing.PowerNews
    typealias Sync = Timing.Sync
    typealias Console = Screens.Console
    typealias Crashes = Screens.Crashes
    typealias DescriptorLimit = Screens.DescriptorLimit
    typealias Headless = Screens.Headless
    typealias LEDSign = Screens.LEDSign
    typealias LazyLibraries = Screens.LazyLibraries
    typealias Looks = Screens.Looks
    typealias NoTerminal = Screens.NoTerminal
    typealias Readability = Screens.Readability
    typealias Signals = Screens.Signals
    typealias StartupWarnings = Screens.StartupWarnings
    typealias StatusLine = Screens.StatusLine
    typealias TerminalGlyphs = Screens.TerminalGlyphs
    typealias Threads = Screens.Threads
    typealias WideGlyphs = Screens.WideGlyphs
    typealias Control = Flows.Control
    typealias ControlTrust = Flows.ControlTrust
    typealias FlowLimits = Flows.FlowLimits
    typealias LiveFields = Flows.LiveFields
    typealias LiveInput = Flows.LiveInput
    typealias Power = Flows.Power
    typealias ReloadFaults = Flows.ReloadFaults
    typealias Schedules = Flows.Schedules
    typealias SendRefusal = Flows.SendRefusal
    typealias SignNames = Flows.SignNames
}
