import MarqueeCore

/// One request read from the control socket or a fleet's `cmd` topic
/// (docs/control.md), validated: every value is one the sign can take as it
/// is. Made by ``ControlRequestParser`` from an entry of
/// ``RemoteCommandTable``; what the sign does with it is the handler's
/// (`PlayerController.answer`).
struct ControlRequest: Sendable, Equatable {
    /// The `cmd` word, as the protocol spells it.
    let command: String
    let action: Action

    /// What the sign is asked to do. Every command that changes the sign is
    /// one player input, so a new one adds an entry to the table and no case
    /// here.
    enum Action: Sendable, Equatable {
        /// Reply with the sign's status.
        case status
        /// Every events-log record from now on, until the client closes.
        case watch
        /// One input of the player; `notes` are the deck parser's (unknown
        /// keys ignored, texts cut), reported before it is reduced.
        case remote(RemoteCommand, notes: [String] = [])
        /// `load` of a cue file the sign reads itself (relative to its
        /// directory): only from the socket.
        case loadFile(String)
        /// A PNG of what the sign shows now, `pitch` pixels an LED
        /// (``SignPicture``): in the reply on the socket, on the sign's
        /// snapshot topic from a fleet (docs/fleet.md).
        case snapshot(pitch: Int)
    }

    init(_ command: String, _ action: Action) {
        self.command = command
        self.action = action
    }
}

/// Cues given inline, in the deck format (docs/cue-files.md), with the
/// deck parser's notes (unknown keys ignored, texts cut).
struct ControlDeck: Sendable, Equatable {
    var cues: [Cue]
    var notes: [String]
    /// A `load` deck given as an object may carry its `epoch` (`--sync`).
    var epoch: Double? = nil
    /// A `load` deck given as an object may carry its `zones`.
    var zones: [SignZone]? = nil
}
