import Glibc
import MarqueeCore

/// `ledmarquee send --mqtt URL …` (docs/fleet.md): publishes one command to
/// every sign of a fleet (`PREFIX/cmd`) or to the one `--name` names, a deck
/// to `PREFIX/deck` (retained), or lists every sign's retained status. It is
/// not a sign, so it may block; every wait has a deadline. Exit 0 when the
/// broker took it, 1 when it did not, 2 for a usage error.
enum FleetSend {
    /// How long the broker may take to answer, each step.
    static let answerSeconds = 10.0
    /// `status`: the retained statuses come right after the subscription;
    /// this long without one more ends the list.
    static let quietSeconds = 0.5

    static func run(_ arguments: SendArguments, fleet: SendArguments.Fleet, environment: [String: String]) -> Int32 {
        do throws(Platform.Failure) {
            return try send(arguments, fleet: fleet, environment: environment)
        } catch {
            Platform.writeError("ledmarquee: \(error.message)")
            return error.status
        }
    }

    private static func send(_ arguments: SendArguments, fleet: SendArguments.Fleet,
                             environment: [String: String]) throws(Platform.Failure) -> Int32 {
        let payload: [UInt8]
        let topic: String
        switch arguments.command {
        case "deck":
            payload = try deckPayload(fleet.deckPath ?? "")
            topic = "\(fleet.prefix)/deck"
        case "status":
            payload = []
            topic = FleetTopics.allStatus(prefix: fleet.prefix)
        default:
            payload = Array(arguments.request.utf8)
            topic = arguments.name.map { FleetTopics.commands(prefix: fleet.prefix, name: $0) } ?? "\(fleet.prefix)/cmd"
        }
        var warnings: [String] = []
        let credentials: BrokerCredentials?
        do {
            credentials = try BrokerCredentials.resolve(passwordFile: fleet.passwordFile, environment: environment, warnings: &warnings)
        } catch {
            throw Platform.Failure(message: error.message, status: 1)
        }
        Program.warn(warnings)
        let session = try Session.open(fleet, credentials: credentials)
        defer { session.close() }
        if arguments.command == "status" {
            return try session.listStatus(topic: topic, prefix: fleet.prefix)
        }
        try session.publish(topic: topic, payload: payload, retain: arguments.command == "deck")
        return 0
    }

    /// The bytes of `deck FILE`: a `.json` deck as it is, once it parses;
    /// a text cue file as a deck of its lines.
    static func deckPayload(_ path: String) throws(Platform.Failure) -> [UInt8] {
        let bytes = try Platform.readBounded(path, limit: FleetPayload.maximumDeckBytes)
        let isDeck = path.lowercased().hasSuffix(".json")
        let parsed: CueFileParser.Result
        do {
            parsed = try CueFileParser.parse(bytes, name: path, isDeck: isDeck, defaultSeconds: SecondsPerMessage.standard)
        } catch {
            throw Platform.Failure(message: error.message, status: 1)
        }
        Program.warn(parsed.notes)
        if isDeck { return bytes }
        var entries: [String] = []
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            guard case .cue = CueFileParser.textLine(Array(line), seconds: SecondsPerMessage.standard),
                  let text = String(validating: CueFileParser.cut(Array(line)), as: UTF8.self) else { continue }
            entries.append(JSONObjectWriter.quote(String(text.trimmingTrailingWhitespace())))
        }
        return Array(("[" + entries.joined(separator: ",") + "]").utf8)
    }

    /// One connection to the broker, driven by libmosquitto's own loop.
    private final class Session {
        let client: MosquittoClient
        let broker: BrokerAddress
        var events: [MosquittoClient.Event] = []

        private init(client: MosquittoClient, broker: BrokerAddress) {
            self.client = client
            self.broker = broker
        }

        static func open(_ fleet: SendArguments.Fleet, credentials: BrokerCredentials?) throws(Platform.Failure) -> Session {
            let id = "ledmarquee-send-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
            guard let client = MosquittoClient(clientID: id) else {
                throw Platform.Failure(message: MosquittoClient.unavailable ?? "cannot make an MQTT client (libmosquitto)", status: 1)
            }
            let session = Session(client: client, broker: fleet.broker)
            client.onEvent = { [unowned session] in session.events.append($0) }
            if let credentials, client.setCredentials(credentials) != MosquittoClient.success {
                throw Platform.Failure(message: "cannot set the MQTT user", status: 1)
            }
            if fleet.broker.tls {
                if let caFile = fleet.caFile, access(caFile, R_OK) != 0 {
                    throw Platform.Failure(message: "--mqtt-ca \(caFile): \(String(cString: strerror(errno)))", status: 1)
                }
                let code = client.setTLS(caFile: fleet.caFile)
                guard code == MosquittoClient.success else {
                    throw Platform.Failure(message: "cannot set up TLS: \(MosquittoClient.describe(code))", status: 1)
                }
            }
            let code = client.connect(host: fleet.broker.host, port: fleet.broker.port, keepalive: FleetLink.keepaliveSeconds)
            guard code == MosquittoClient.success else {
                throw Platform.Failure(message: "\(fleet.broker): \(MosquittoClient.describe(code, errno: errno))", status: 1)
            }
            try session.wait("an answer to CONNECT") { event throws(Platform.Failure) in
                guard case .connected(let code) = event else { return false }
                guard code == 0 else {
                    throw Platform.Failure(message: "\(fleet.broker): the broker refused: \(MosquittoClient.describeRefusal(code))",
                                           status: 1)
                }
                return true
            }
            return session
        }

        func publish(topic: String, payload: [UInt8], retain: Bool) throws(Platform.Failure) {
            let (code, messageID) = client.publish(topic: topic, payload: payload, retain: retain)
            guard code == MosquittoClient.success else {
                throw Platform.Failure(message: "\(broker): cannot publish: \(MosquittoClient.describe(code))", status: 1)
            }
            try wait("the broker to take the message") { event in
                if case .published(messageID) = event { return true }
                return false
            }
        }

        /// Prints each sign's retained status, by name; 1 when there is none.
        func listStatus(topic: String, prefix: String) throws(Platform.Failure) -> Int32 {
            guard client.subscribe(topic) == MosquittoClient.success else {
                throw Platform.Failure(message: "\(broker): cannot subscribe to \(topic)", status: 1)
            }
            var statuses: [String: String] = [:]
            try wait("the broker to take the subscription") { event in
                if case .subscribed = event { return true }
                return false
            }
            var quietSince = ContinuousClock.now
            let deadline = ContinuousClock.now + .seconds(FleetSend.answerSeconds)
            while ContinuousClock.now < deadline, quietSince.duration(to: .now) < .seconds(FleetSend.quietSeconds) {
                try turn()
                for case .message(let topic, let payload, _) in events {
                    guard let name = FleetTopics.signName(inStatusTopic: topic, prefix: prefix),
                          case .object? = JSONValue.parse(payload) else { continue }
                    statuses[name] = String(decoding: payload, as: UTF8.self)
                    quietSince = .now
                }
                events.removeAll()
            }
            guard !statuses.isEmpty else {
                throw Platform.Failure(message: "\(broker): no sign has a status under \(prefix)/sign/", status: 1)
            }
            for name in statuses.keys.sorted() {
                // A status is anyone's text on the broker: shown escaped.
                guard Platform.writeAll(STDOUT_FILENO, TerminalText.visible(statuses[name]!) + "\n") == nil else { return 1 }
            }
            return 0
        }

        func close() {
            client.disconnect()
            _ = client.loop(milliseconds: 100)
        }

        /// Runs the loop until `done` says an event was the one awaited.
        private func wait(_ what: String, until done: (MosquittoClient.Event) throws(Platform.Failure) -> Bool) throws(Platform.Failure) {
            let deadline = ContinuousClock.now + .seconds(FleetSend.answerSeconds)
            while ContinuousClock.now < deadline {
                try turn()
                let seen = events
                events.removeAll()
                for event in seen where try done(event) { return }
            }
            throw Platform.Failure(message: "\(broker): no answer within \(Int(FleetSend.answerSeconds)) s (waiting for \(what))",
                                   status: 1)
        }

        private func turn() throws(Platform.Failure) {
            let code = client.loop(milliseconds: 100)
            guard code == MosquittoClient.success else {
                throw Platform.Failure(message: "\(broker): \(MosquittoClient.describe(code, errno: errno))", status: 1)
            }
        }
    }
}
