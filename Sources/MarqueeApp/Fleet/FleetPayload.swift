import MarqueeCore

/// A message from the fleet's broker, read as hostile input (docs/fleet.md):
/// a deck on `PREFIX/deck` (the deck format of docs/cue-flow.md) or a
/// command on a `cmd` topic (a control-socket request line,
/// docs/control.md). Anything else is a one-line error that names the
/// topic; the sign keeps what it had.
enum FleetPayload {
    /// Largest deck taken from the broker; a bigger one is refused whole.
    static let maximumDeckBytes = 1_048_576

    /// What the sign is asked to do.
    enum Message: Equatable, Sendable {
        /// Play these cues (from `epoch`, for `--sync`; nil: the deck has
        /// none); `notes` are the deck parser's (unknown keys, cuts).
        case deck(cues: [Cue], epoch: Double?, notes: [String])
        /// The retained deck was deleted (an empty retained message): the
        /// sign plays on with what it has.
        case deckCleared
        case command(ControlRequest)
    }

    /// Why a payload was refused, as one line naming its topic.
    struct Failure: Error, Equatable {
        let message: String
    }

    static func parse(_ payload: [UInt8], kind: FleetTopics.Kind, topic: String,
                      defaultSeconds: Double) -> Result<Message, Failure> {
        Result { () throws(Failure) in
            switch kind {
            case .deck: try deck(payload, topic: topic, defaultSeconds: defaultSeconds)
            case .command: try command(payload, topic: topic, defaultSeconds: defaultSeconds)
            }
        }
    }

    private static func deck(_ payload: [UInt8], topic: String, defaultSeconds: Double) throws(Failure) -> Message {
        guard !payload.isEmpty else { return .deckCleared }
        guard payload.count <= maximumDeckBytes else {
            throw Failure(message: "\(topic): deck of \(payload.count) bytes refused (at most \(maximumDeckBytes))")
        }
        do {
            let result = try CueFileParser.parse(payload, name: topic, isDeck: true, defaultSeconds: defaultSeconds)
            return .deck(cues: result.cues.map(\.withoutFileFields), epoch: result.epoch, notes: result.notes)
        } catch {
            throw Failure(message: error.message)
        }
    }

    /// A request line read as the socket's, from an untrusted origin: the
    /// table's commands refuse what a broker may not ask (`watch`, a `load`
    /// of a path) and keep `{file:…}` fields as typed.
    private static func command(_ payload: [UInt8], topic: String, defaultSeconds: Double) throws(Failure) -> Message {
        switch ControlRequestParser.parse(payload, defaultSeconds: defaultSeconds, origin: .fleet) {
        case .failure(let failure): throw Failure(message: "\(topic): \(failure.message)")
        case .success(let request): return .command(request)
        }
    }
}
