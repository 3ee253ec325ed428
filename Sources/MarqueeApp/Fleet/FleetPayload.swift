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
        /// none); `notes` are the deck parser's (unknown keys, cuts);
        /// `zones` the deck's (nil: none, the sign's own show).
        case deck(cues: [Cue], epoch: Double?, notes: [String], zones: [SignZone]? = nil)
        /// A deck with news feeds (docs/feeds.md): its fixed messages
        /// (perhaps none) and its feed entries, which each sign fetches.
        case feedDeck(cues: [Cue], epoch: Double?, notes: [String], feeds: [DeckFeed], zones: [SignZone]? = nil)
        /// The retained deck was deleted (an empty retained message): the
        /// sign plays on with what it has.
        case deckCleared
        /// `id`: the request's, answered on the sign's reply topic; nil
        /// for a command sent without one (done, not answered).
        case command(ControlRequest, id: String? = nil)
    }

    /// Why a payload was refused, as one line naming its topic; `id` is
    /// the refused command's, when it had a valid one.
    struct Failure: Error, Equatable {
        let message: String
        var id: String? = nil
    }

    /// The longest request ID: letters, digits, `.`, `_` and `-`.
    static let maximumIDBytes = 64
    /// Room for an `id` beside a request of the socket's largest size.
    static let idRoom = 100

    static func parse(_ payload: [UInt8], kind: FleetTopics.Kind, topic: String,
                      defaultSeconds: Double) -> Result<Message, Failure> {
        Result { () throws(Failure) in
            switch kind {
            case .deck: try deck(payload, topic: topic, defaultSeconds: defaultSeconds)
            case .command: try command(payload, topic: topic, defaultSeconds: defaultSeconds)
            case .ownStatus: throw Failure(message: "\(topic): a status, not a deck or a command")
            }
        }
    }

    private static func deck(_ payload: [UInt8], topic: String, defaultSeconds: Double) throws(Failure) -> Message {
        guard !payload.isEmpty else { return .deckCleared }
        guard payload.count <= maximumDeckBytes else {
            throw Failure(message: "\(topic): deck of \(payload.count) bytes refused (at most \(maximumDeckBytes))")
        }
        do {
            let result = try CueFileParser.parse(payload, name: topic, isDeck: true, defaultSeconds: defaultSeconds, allowsFeeds: true)
            let cues = result.cues.map(\.withoutFileFields)
            let zones = result.zones?.map(\.withoutFileFields)
            if !result.feeds.isEmpty {
                return .feedDeck(cues: cues, epoch: result.epoch, notes: result.notes, feeds: result.feeds, zones: zones)
            }
            return .deck(cues: cues, epoch: result.epoch, notes: result.notes, zones: zones)
        } catch {
            throw Failure(message: error.message)
        }
    }

    /// A request line read as the socket's, from an untrusted origin: the
    /// table's commands refuse what a broker may not ask (`watch`, a `load`
    /// of a path) and keep `{file:…}` fields as typed.
    /// A request may carry an `id` (docs/fleet.md, "Answers"), which is
    /// taken out before the table reads the rest; a refusal keeps it, so
    /// it is answered too.
    private static func command(_ payload: [UInt8], topic: String, defaultSeconds: Double) throws(Failure) -> Message {
        guard payload.count <= ControlRequestParser.maximumRequestBytes + idRoom,
              case .object(var object)? = JSONValue.parse(payload), let id = object.removeValue(forKey: "id") else {
            // No id (or no object): read, and refused, as the socket's.
            switch ControlRequestParser.parse(payload, defaultSeconds: defaultSeconds, origin: .fleet) {
            case .failure(let failure): throw Failure(message: "\(topic): \(failure.message)")
            case .success(let request): return .command(request)
            }
        }
        guard case .string(let text) = id, isValidID(text) else {
            throw Failure(message: "\(topic): 'id' must be 1 to \(maximumIDBytes) letters, digits, '.', '_' or '-'")
        }
        do {
            return .command(try ControlRequestParser.request(object, defaultSeconds: defaultSeconds, origin: .fleet), id: text)
        } catch {
            throw Failure(message: "\(topic): \(error.message)", id: text)
        }
    }

    static func isValidID(_ id: String) -> Bool {
        (1...maximumIDBytes).contains(id.utf8.count) && id.unicodeScalars.allSatisfy(ControlSocketPath.isNameCharacter)
    }
}
