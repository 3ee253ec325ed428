/// Everything that can happen to the player, as one value: a key, a timer
/// that fired, a power reading, the terminal changing. Every source —
/// keyboard, signals, timers, the probe, the cue-file watcher, the control
/// socket, live fields, schedules — turns what it saw into one of
/// these and hands it to ``PlayerState/reduce(_:at:)``, the player's only
/// way in (see docs/architecture.md).
///
/// ```swift
/// var effects = state.reduce(.key(.character("n")), at: now)
/// effects += state.reduce(.power(reading), at: now)
/// ```
public enum PlayerInput: Sendable, Equatable {
    /// Playback begins: the first message from its entry position and a
    /// full first wait, however long start-up took.
    case start
    /// A key press.
    case key(Key)
    /// A frame was drawn by the ticker (the fade-in may have ended).
    case frameTick
    /// A new reading from the power probe.
    case power(PowerConditions)
    /// The sign went to the background (Ctrl-Z) or came back (`fg`).
    case scene(ScenePhase)
    /// The terminal changed size. Nothing in the state holds the size: the
    /// ``measured(_:)`` the host sends after every input carries the change.
    case resized
    /// How the current message measures on the sign now; the host sends it
    /// after every other input (it has the font and the terminal size).
    case measured(MessageMeasure?)
    /// The cue file changed on disk and was read again.
    case cuesReplaced([Cue])
    /// The cue file read again says these zones (its deck's `"zones"`;
    /// nil: none, the sign's own show). Sent before its `cuesReplaced`.
    case deckZones([SignZone]?)
    /// A short message for the controls line.
    case notice(String)
    /// The controls line's idle timeout ran out.
    case idleTimeout
    /// The automatic-advance wait ran out.
    case advanceDue
    /// The scrolling message's pass reached its end (its last letter is in view).
    case passDue
    /// The message's enter transition ran its course on the mode clock
    /// (docs/display.md, "Display modes"): its seconds start now.
    case enterDue
    /// A command from the control socket (or another remote source); its
    /// answer comes from ``PlayerState/reduce(remote:at:)``.
    case remote(RemoteCommand)
    /// The interrupt's time ran out.
    case interruptDue
    /// The drift timer ran out: a sign at rest moves on by one LED
    /// (`--drift`, docs/display.md).
    case driftDue
    /// The page timer fired: the next page of a message at rest that does
    /// not fit whole (docs/display.md, "Pages").
    case pageDue
    /// The shown message's live fields were read (docs/live-fields.md);
    /// the host sends it when their text may have changed.
    case fieldsFilled(FilledFields)
    /// The local civil time, read by the host at a schedule edge, after a
    /// wall-clock jump, or when the cues changed and have schedules
    /// (docs/schedules.md): which messages are in window, and whether
    /// quiet hours hold, follow from it.
    case localTime(LocalMoment)
    /// A fleet sign's broker took it or was lost (docs/fleet.md).
    case brokerLink(BrokerLink)
    /// What the status line says of the sign's news feeds: nil while every
    /// feed's last fetch worked, else a short note such as `feed offline,
    /// items 3 h old` (docs/feeds.md). Longer than 40 characters: cut.
    case feedNote(String?)
    /// The wall clock's reading at engine time 0 (Unix seconds: the wall
    /// clock now less the engine's time now), sent by the host at start
    /// and whenever the wall clock was set; `--sync` reckons its slots on
    /// it (docs/cue-flow.md, "Playing in step"). Not finite: ignored.
    case wallClock(offset: Double)
}
