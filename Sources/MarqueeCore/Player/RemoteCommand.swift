/// A command from a remote source — the control socket, later MQTT — as
/// the player understands it. The source only translates its request into
/// one of these and hands it over as ``PlayerInput/remote(_:)`` (or through
/// ``PlayerState/reduce(remote:at:)`` when it needs the answer); every rule
/// lives in the reducer (docs/cue-flow.md, "Remote commands").
public enum RemoteCommand: Sendable, Equatable {
    /// The message after the flow's current one. Ends an interrupt.
    case next
    /// The message before the flow's current one. Ends an interrupt.
    case previous
    /// The message at this index of the cues, from 0 (the cue file's order,
    /// also when shuffled). Out of range it is refused. Ends an interrupt.
    case goto(Int)
    /// Pauses; already paused is no change. Refused while motion is stopped.
    case pause
    /// Resumes; already playing is no change. Refused while motion is stopped.
    case resume
    /// Shows a priority message at once, in place of the flow's.
    case say(Interrupt)
    /// Ends the interrupt, if one shows.
    case clear
    /// Appends messages to the flow; the current one and its wait carry on.
    case add([Cue])
    /// Replaces the flow and starts it from its first message (a synced
    /// sign: from the current slot's). `epoch`: the deck's, in Unix
    /// seconds, for `--sync`; nil for a deck without one (the Unix epoch).
    /// `zones`: the deck's `"zones"`, shown in place of `--zones` while it
    /// plays; nil for a deck without them (the sign's own show).
    case load([Cue], epoch: Double? = nil, zones: [SignZone]? = nil)
}
