@testable import MarqueeCore

/// A three-message flow of 5 s each, and helpers to read what a command did.
enum Remote {
    static func flow(cues: Int = 3, _ configure: (inout PlayerSettings) -> Void = { _ in }) -> PlayerState {
        var settings = PlayerSettings()
        configure(&settings)
        var state = PlayerState(cues: (0..<cues).map { Cue(text: "M\($0)", seconds: 5) }, settings: settings, seed: 3, at: 0)
        _ = state.reduce(.start, at: 0)
        return state
    }

    /// A two-message `--once` flow that has played to its end (completed,
    /// and paused by it) at t = 10.
    static func finishedOnce() -> PlayerState {
        var state = flow(cues: 2) { $0.loop = false }
        _ = state.reduce(.advanceDue, at: 5)
        _ = state.reduce(.advanceDue, at: 10)
        return state
    }

    static func say(_ text: String, for duration: Double? = nil, seconds: Double = 5) -> RemoteCommand {
        .say(Interrupt(cue: Cue(text: text, seconds: seconds), duration: duration))
    }

    /// The records among `effects`, in order.
    static func records(_ effects: [PlayerEffect]) -> [EventRecord] {
        effects.compactMap { if case .log(let record) = $0 { record } else { nil } }
    }
}
