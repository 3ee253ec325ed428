import MarqueeCore

/// One request read from the control socket (docs/control.md), validated:
/// every value is one the sign can take as it is. Made by
/// ``ControlRequestParser``; what the sign does with it is the handler's
/// (``ControlServer``).
enum ControlRequest: Sendable, Equatable {
    /// `say`: show `text` now, for `forSeconds` (nil: as a cue would),
    /// then go back to the deck.
    case say(Say)
    case next
    case previous
    /// `goto`: the cue at `index`, counted from 1 as people count.
    case goto(index: Int)
    case pause
    case resume
    /// `load`: a new deck, from a file or given inline.
    case load(Load)
    /// `add`: these cues join the end of the deck.
    case add(ControlDeck)
    case clear
    case status
    /// `watch`: every events-log record from now on, until the client closes.
    case watch

    /// What `say` asks for; its colour, style and motion are the cue's look.
    struct Say: Sendable, Equatable {
        var cue: Cue
        var forSeconds: Double?
    }

    /// Where `load` takes its deck from.
    enum Load: Sendable, Equatable {
        /// A cue file, read by the sign (relative to its directory).
        case path(String)
        case deck(ControlDeck)
    }

    /// The `cmd` word, as the protocol spells it.
    var command: String {
        switch self {
        case .say: "say"
        case .next: "next"
        case .previous: "prev"
        case .goto: "goto"
        case .pause: "pause"
        case .resume: "resume"
        case .load: "load"
        case .add: "add"
        case .clear: "clear"
        case .status: "status"
        case .watch: "watch"
        }
    }
}

/// Cues given inline, in the deck format (docs/cue-files.md), with the
/// deck parser's notes (unknown keys ignored, texts cut).
struct ControlDeck: Sendable, Equatable {
    var cues: [Cue]
    var notes: [String]
    /// A `load` deck given as an object may carry its `epoch` (`--sync`).
    var epoch: Double? = nil
}
