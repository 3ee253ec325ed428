import Glibc
import MarqueeCore

/// `ledmarquee send --mqtt URL …` (docs/fleet.md): publishes one command,
/// with a request ID, to every sign of a fleet (`PREFIX/cmd`) or to the one
/// `--name` names, and waits for their answers; publishes a deck to
/// `PREFIX/deck` (retained); lists every sign's retained status; forgets a
/// gone sign's; or asks one sign for a snapshot and writes its PNG. It is not a sign, so it may block; every wait
/// has a deadline. Exit 0 when it was done (every sign addressed answered
/// ok), 1 when the broker or a sign refused, 2 for a usage error, 3 when a
/// sign did not answer in time or there is no sign of that name.
enum FleetSend {
    /// How long the broker may take to answer, each step.
    static let answerSeconds = 10.0
    /// `status`: the retained statuses come right after the subscription;
    /// this long without one more ends the list.
    static let quietSeconds = 0.5
    /// How long the signs addressed have to answer, unless `--wait`.
    static let defaultWaitSeconds = 5.0
    static let maximumWaitSeconds = 600.0
    /// The exit status when a sign did not answer, or there is none.
    static let unanswered: Int32 = 3

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
        // Read before connecting: a deck that does not parse is said at once.
        let deck = arguments.command == SendArguments.deckCommand ? try deckPayload(fleet.deckPath ?? "") : []
        var warnings: [String] = []
        let credentials: BrokerCredentials?
        do {
            credentials = try BrokerCredentials.resolve(passwordFile: fleet.passwordFile, environment: environment, warnings: &warnings)
        } catch {
            throw Platform.Failure(message: error.message, status: 1)
        }
        Program.warn(warnings)
        // A snapshot's file is checked (and its temporary made) first.
        var output = try arguments.outputPath.map { path throws(Platform.Failure) in try ExportFile(path: path) }
        defer { output?.abandon() }
        let session = try Session.open(fleet, credentials: credentials)
        defer { session.close() }
        if var file = output, let name = arguments.name {
            let png = try session.snapshot(arguments.request, prefix: fleet.prefix, name: name, waitSeconds: fleet.waitSeconds)
            output = nil
            try SnapshotReply.save(png, to: &file)
            return 0
        }
        switch arguments.command {
        case "status":
            return try session.listStatus(prefix: fleet.prefix, name: arguments.name, json: fleet.json)
        case SendArguments.forgetCommand:
            return try session.forget(prefix: fleet.prefix, name: fleet.forgetName ?? "", force: fleet.force)
        case SendArguments.deckCommand:
            try session.publish(topic: "\(fleet.prefix)/deck", payload: deck, retain: true)
            return 0
        default:
            let topic = arguments.name.map { FleetTopics.commands(prefix: fleet.prefix, name: $0) } ?? "\(fleet.prefix)/cmd"
            return try session.command(arguments.request, topic: topic, prefix: fleet.prefix, name: arguments.name,
                                       waitSeconds: fleet.waitSeconds)
        }
    }

    /// The request line with `id` added as its first field.
    static func request(_ line: String, id: String) -> String {
        "{\"id\":" + JSONObjectWriter.quote(id) + "," + line.dropFirst()
    }

    /// The bytes of `deck FILE`: a `.json` deck as it is, once it parses;
    /// a text cue file as a deck of its lines.
    static func deckPayload(_ path: String) throws(Platform.Failure) -> [UInt8] {
        let bytes = try Platform.readBounded(path, limit: FleetPayload.maximumDeckBytes)
        let isDeck = path.lowercased().hasSuffix(".json")
        let parsed: CueFileParser.Result
        do {
            // A fleet's deck may have feeds: each sign fetches them (docs/fleet.md).
            parsed = try CueFileParser.parse(bytes, name: path, isDeck: isDeck, defaultSeconds: SecondsPerMessage.standard,
                                             allowsFeeds: true)
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

    /// No retained status for `name`: no such sign (a typo), or one forgotten.
    static func noSign(_ name: String, prefix: String) -> Platform.Failure {
        Platform.Failure(message: "no sign named '\(name)' under \(prefix)/sign/ (it has no status there)", status: unanswered)
    }

    /// Lines on standard output; false when it is gone.
    static func print(_ lines: [String]) -> Bool {
        lines.allSatisfy { Platform.writeAll(STDOUT_FILENO, $0 + "\n") == nil }
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

        /// Prints each sign's retained status, by name, as a table or (`json`)
        /// as it is; `name`: that sign's only. 1 when there is none; 3 when
        /// the sign named has none.
        func listStatus(prefix: String, name: String?, json: Bool) throws(Platform.Failure) -> Int32 {
            let statuses = try retainedStatuses(prefix: prefix, name: name)
            guard !statuses.isEmpty else {
                if let name { throw FleetSend.noSign(name, prefix: prefix) }
                throw Platform.Failure(message: "\(broker): no sign has a status under \(prefix)/sign/", status: 1)
            }
            // A status is anyone's text on the broker: shown escaped.
            let lines = json ? statuses.keys.sorted().map { TerminalText.visible(String(decoding: statuses[$0]!, as: UTF8.self)) }
                : FleetStatusTable.render(statuses)
            return FleetSend.print(lines) ? 0 : 1
        }

        /// Removes a gone sign's retained status (an empty retained
        /// message): 3 when it has none, 1 when it says online (unless
        /// `force`: a sign that is alive publishes its status again).
        func forget(prefix: String, name: String, force: Bool) throws(Platform.Failure) -> Int32 {
            let statuses = try retainedStatuses(prefix: prefix, name: name)
            guard let status = statuses[name] else { throw FleetSend.noSign(name, prefix: prefix) }
            if !force, FleetStatus.Reading(status)?.online ?? false {
                throw Platform.Failure(message: "'\(name)' is online; stop that sign first (or --force, "
                                       + "after which a sign that is alive publishes its status again)", status: 1)
            }
            try publish(topic: FleetTopics.status(prefix: prefix, name: name), payload: [], retain: true)
            return FleetSend.print(["\(name): forgotten"]) ? 0 : 1
        }

        /// Publishes `request` with an ID of its own and waits, at most
        /// `waitSeconds`, for the answers of the sign `name` names (whose
        /// status must say online), else of every sign whose retained
        /// status says online; prints one line a sign.
        func command(_ request: String, topic: String, prefix: String, name: String?,
                     waitSeconds: Double) throws(Platform.Failure) -> Int32 {
            var answers = FleetAnswers(id: FleetStatus.makeRunID(), prefix: prefix, only: name)
            let statusTopic = name.map { FleetTopics.status(prefix: prefix, name: $0) } ?? FleetTopics.allStatus(prefix: prefix)
            let replyTopic = name.map { FleetTopics.reply(prefix: prefix, name: $0) } ?? FleetTopics.allReplies(prefix: prefix)
            try subscribe([statusTopic, replyTopic])
            if let name {
                try awaitOnline(name, prefix: prefix, answers: &answers)
                if answers.older.contains(name) {
                    // A sign from before request IDs refuses a request with
                    // one: sent as it takes it, unanswered.
                    try publish(topic: topic, payload: Array(request.utf8), retain: false)
                    return FleetSend.print(["\(TerminalText.visible(name)): sent (an older sign: it does not answer)"]) ? 0 : 1
                }
            }
            try publish(topic: topic, payload: Array(FleetSend.request(request, id: answers.id).utf8), retain: false)
            var quietSince = ContinuousClock.now
            let deadline = ContinuousClock.now + .seconds(waitSeconds)
            while ContinuousClock.now < deadline {
                let settled = name != nil || quietSince.duration(to: .now) >= .seconds(FleetSend.quietSeconds)
                if settled, answers.addressed.isEmpty, answers.answers.isEmpty {
                    throw Platform.Failure(message: "no sign is online under \(prefix)/sign/", status: FleetSend.unanswered)
                }
                if settled, answers.allAnswered { break }
                try turn()
                for case .message(let topic, let payload, let retained) in events
                where answers.heard(topic: topic, payload: payload, retained: retained) {
                    quietSince = .now
                }
                events.removeAll()
            }
            let report = answers.report(waited: waitSeconds)
            return FleetSend.print(report.lines) ? report.status : 1
        }

        /// One sign's retained status, before anything is sent to it: a
        /// name that is wrong or a sign that is gone is said, and nothing sent.
        private func awaitOnline(_ name: String, prefix: String, answers: inout FleetAnswers) throws(Platform.Failure) {
            try collect(until: { answers.online[name] != nil }) { topic, payload, retained in
                answers.heard(topic: topic, payload: payload, retained: retained)
            }
            guard let online = answers.online[name] else { throw FleetSend.noSign(name, prefix: prefix) }
            guard online else {
                throw Platform.Failure(message: "'\(name)' is offline under \(prefix)/sign/; nothing sent", status: FleetSend.unanswered)
            }
        }

        /// Asks the sign `name` for a snapshot (`request`, sent with an ID)
        /// and returns the PNG it publishes on its snapshot topic
        /// (docs/fleet.md, "Snapshots"), once its answer says ok; waits
        /// at most `waitSeconds` for both. Its refusal (one a second) is
        /// the failure, exit 1; silence, exit 3.
        func snapshot(_ request: String, prefix: String, name: String, waitSeconds: Double) throws(Platform.Failure) -> [UInt8] {
            var answers = FleetAnswers(id: FleetStatus.makeRunID(), prefix: prefix, only: name)
            let pictures = FleetTopics.snapshot(prefix: prefix, name: name)
            try subscribe([FleetTopics.status(prefix: prefix, name: name), FleetTopics.reply(prefix: prefix, name: name), pictures])
            try awaitOnline(name, prefix: prefix, answers: &answers)
            guard !answers.older.contains(name) else {
                throw Platform.Failure(message: "'\(name)' is an older sign: it takes no snapshot", status: 1)
            }
            // Pictures are not retained: any heard from here on is of now.
            events.removeAll { if case .message(pictures, _, _) = $0 { true } else { false } }
            try publish(topic: FleetTopics.commands(prefix: prefix, name: name),
                        payload: Array(FleetSend.request(request, id: answers.id).utf8), retain: false)
            var picture: [UInt8]?
            let deadline = ContinuousClock.now + .seconds(waitSeconds)
            while ContinuousClock.now < deadline {
                for event in events {
                    switch event {
                    case .message(pictures, let payload, false): picture = payload
                    case .message(let topic, let payload, let retained): answers.heard(topic: topic, payload: payload, retained: retained)
                    case .oversized(pictures, let bytes):
                        throw Platform.Failure(message: "'\(name)' sent a picture of \(bytes) bytes (at most \(SignPicture.maximumBytes))",
                                               status: 1)
                    default: break
                    }
                }
                events.removeAll()
                switch answers.answers[name] {
                case .refused(let reason)?:
                    throw Platform.Failure(message: "\(TerminalText.visible(name)): \(TerminalText.visible(reason))", status: 1)
                case .ok?:
                    if let picture {
                        try SnapshotReply.check(picture, source: TerminalText.visible(name))
                        return picture
                    }
                case nil: break
                }
                try turn()
            }
            throw Platform.Failure(message: "\(TerminalText.visible(name)): no picture within \(ControlServer.seconds(waitSeconds))",
                                   status: FleetSend.unanswered)
        }

        /// The retained statuses under `prefix` (`name`: that sign's), by
        /// name: those that come right after the subscription, until
        /// ``quietSeconds`` pass without one more; at most
        /// ``FleetAnswers/maximumSigns``, each at most
        /// ``FleetStatus/Reading/maximumBytes``.
        private func retainedStatuses(prefix: String, name: String?) throws(Platform.Failure) -> [String: [UInt8]] {
            try subscribe([name.map { FleetTopics.status(prefix: prefix, name: $0) } ?? FleetTopics.allStatus(prefix: prefix)])
            var statuses: [String: [UInt8]] = [:]
            var overflowed = false
            try collect(until: { name.map { statuses[$0] != nil } ?? false }) { topic, payload, retained in
                guard retained, let sign = FleetTopics.signName(inStatusTopic: topic, prefix: prefix),
                      !payload.isEmpty, payload.count <= FleetStatus.Reading.maximumBytes else { return false }
                guard statuses[sign] != nil || statuses.count < FleetAnswers.maximumSigns else {
                    overflowed = true
                    return true
                }
                statuses[sign] = payload
                return true
            }
            if overflowed { Program.warn(["more than \(FleetAnswers.maximumSigns) signs: only \(FleetAnswers.maximumSigns) are shown"]) }
            return statuses
        }

        /// Hands each message on until ``quietSeconds`` pass without one
        /// that `heard` counts, or `done`.
        private func collect(until done: () -> Bool, _ heard: (String, [UInt8], Bool) -> Bool) throws(Platform.Failure) {
            var quietSince = ContinuousClock.now
            let deadline = ContinuousClock.now + .seconds(FleetSend.answerSeconds)
            while ContinuousClock.now < deadline, quietSince.duration(to: .now) < .seconds(FleetSend.quietSeconds), !done() {
                try turn()
                for case .message(let topic, let payload, let retained) in events where heard(topic, payload, retained) {
                    quietSince = .now
                }
                events.removeAll()
            }
        }

        /// Subscribes to `topics` in one SUBSCRIBE and waits for its SUBACK.
        private func subscribe(_ topics: [String]) throws(Platform.Failure) {
            let (code, messageID) = client.subscribe(topics)
            guard code == MosquittoClient.success else {
                throw Platform.Failure(message: "\(broker): cannot subscribe to \(topics.joined(separator: ", "))", status: 1)
            }
            try wait("the broker to take the subscription") { event throws(Platform.Failure) in
                guard case .subscribed(messageID, let granted) = event else { return false }
                if let refused = zip(topics, granted).first(where: { $0.1 >= 0x80 }) {
                    throw Platform.Failure(message: "\(broker): the broker refused the subscription to \(refused.0)", status: 1)
                }
                return true
            }
        }

        func close() {
            client.disconnect()
            _ = client.loop(milliseconds: 100)
        }

        /// Runs the loop until `done` says an event was the one awaited.
        /// The messages that come meanwhile (statuses, answers) are kept
        /// for the caller, at most ``FleetAnswers/maximumSigns`` of them.
        private func wait(_ what: String, until done: (MosquittoClient.Event) throws(Platform.Failure) -> Bool) throws(Platform.Failure) {
            var held: [MosquittoClient.Event] = []
            defer { events = held + events }
            let deadline = ContinuousClock.now + .seconds(FleetSend.answerSeconds)
            while ContinuousClock.now < deadline {
                try turn()
                let seen = events
                events.removeAll()
                var found = false
                for event in seen {
                    if case .message = event {
                        if held.count < FleetAnswers.maximumSigns { held.append(event) }
                    } else if !found, try done(event) {
                        found = true
                    }
                }
                if found { return }
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
