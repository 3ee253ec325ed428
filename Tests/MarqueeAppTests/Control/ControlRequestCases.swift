import MarqueeCore
@testable import MarqueeApp

/// The parts of a parsed request the tests look at, so each can say what
/// it expects in one line.
extension ControlRequest {
    /// The player input, for a command that is one.
    var remote: RemoteCommand? {
        guard case .remote(let command, _) = action else { return nil }
        return command
    }

    /// The deck parser's notes of an inline deck.
    var notes: [String] {
        guard case .remote(_, let notes) = action else { return [] }
        return notes
    }

    var interrupt: Interrupt? {
        guard case .say(let interrupt)? = remote else { return nil }
        return interrupt
    }

    /// The cues an `add` appends.
    var added: [Cue]? {
        guard case .add(let cues)? = remote else { return nil }
        return cues
    }

    /// The cues and epoch of a `load` of an inline deck.
    var loaded: (cues: [Cue], epoch: Double?)? {
        guard case .load(let cues, let epoch, _)? = remote else { return nil }
        return (cues, epoch)
    }

    /// A request for one player input, as the table makes it.
    static func remote(_ command: String, _ input: RemoteCommand) -> ControlRequest {
        ControlRequest(command, .remote(input))
    }
}
