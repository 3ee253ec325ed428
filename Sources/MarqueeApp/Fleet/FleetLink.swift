import CMosquitto
import EventLoop
import Glibc

/// A sign's connection to its fleet's broker (docs/fleet.md), served by the
/// event loop: the socket is watched for reading (and for writing while
/// libmosquitto has bytes queued), keepalive pings run on a timer of a
/// third of the keepalive, and the blocking connect runs on a
/// ``BrokerConnector`` thread. It speaks MQTT 5, advertising the largest
/// packet it takes, and MQTT 3.1.1 once a broker refuses version 5
/// (``BrokerProtocol``). A lost or refused connection is tried again
/// after a ``ReconnectBackoff`` wait; on every connection the sign
/// subscribes to its topics again and republishes its status, so the
/// retained deck arrives again too.
///
/// Used on the loop's thread only.
final class FleetLink: @unchecked Sendable {
    /// Seconds between the pings that tell the broker the sign is alive:
    /// a sign that vanished is marked offline (its Last Will) within 1.5
    /// times this, and a broker that stopped answering is lost within 1.5
    /// times this too (``LinkLiveness``).
    static let keepaliveSeconds = 30
    /// The keepalive of this link: `keepaliveSeconds`, unless a test asks
    /// for a shorter one (`LEDMARQUEE_TEST_MQTT_KEEPALIVE`, docs/testing.md).
    let keepalive: Int

    /// What the link tells the sign.
    enum News: Equatable, Sendable {
        /// Connected, and the broker acknowledged the subscriptions (a
        /// command sent from now on reaches the sign).
        case up
        /// The connection failed or was lost: the sign plays on alone.
        case down(reason: String)
        case message(topic: String, payload: [UInt8], retained: Bool)
        /// A message too large to take, refused unread.
        case oversized(topic: String, bytes: Int)
    }

    /// Why the link cannot be set up, as one line.
    struct Failure: Error, Equatable {
        let message: String
    }

    let address: BrokerAddress
    let topics: FleetTopics
    /// This run's ID (``FleetStatus/makeRunID()``): in its status, its Last
    /// Will and its client ID, so two signs given one name tell each other
    /// apart (docs/fleet.md, "Two signs with one name").
    let run: String
    /// Answers published and not yet acknowledged by the broker (on this
    /// connection or, sent again, the next), at most
    /// ``maximumPendingReplies``: a flood of commands with IDs costs the
    /// sign no queue of answers; the ones over are dropped.
    private var pendingReplies = Set<Int32>()
    static let maximumPendingReplies = 64
    private let loop: EventLoop
    private let client: MosquittoClient
    private let connector: BrokerConnector
    private var onNews: ((News) -> Void)?

    private enum Phase: Equatable {
        /// `connected`: the TCP (and TLS) connection, no CONNACK yet;
        /// `subscribing`: CONNACK, no SUBACK yet; `online`: both.
        case idle, connecting, connected, subscribing, online, waiting, stopped
    }

    private var phase = Phase.idle
    /// Whether the socket is being served (from the connection to its loss).
    private var serving: Bool { phase == .connected || phase == .subscribing || phase == .online }
    /// The MQTT version the link speaks.
    private var version = BrokerProtocol.first
    /// The next connect must be libmosquitto's full one, which takes the
    /// broker's address and the CONNECT's properties (a reconnect reuses
    /// them): at the start, until a connection is made, and after a change
    /// of version.
    private var needsFullConnect = true
    /// The broker refused the version spoken: the older one to try at once.
    private var fallback: BrokerProtocol?
    private var liveness: LinkLiveness
    /// The SUBSCRIBE whose SUBACK makes the link up.
    private var subscribeID: Int32?
    /// Fires when the broker has been silent for 1.5 keepalives.
    private var silenceTimer: LoopTimer?
    private var watch: FDWatch?
    private var watchedFD: Int32 = -1
    private var watchingWrites = false
    private var miscTimer: LoopTimer?
    private var answerTimer: LoopTimer?
    private var retryTimer: LoopTimer?
    /// Events libmosquitto reported inside a call, handled after it returns.
    private var inbox: [MosquittoClient.Event] = []
    private var latestStatus: String?
    /// The last reason said, so a broker that stays away is said once.
    private var lastReason: String?
    /// The broker's refusal (a wrong password), said instead of the close that follows.
    private var refusal: String?
    /// Set while the inbox is handed on: what the sign does with a message
    /// (publish its status) must not hand on the next one in the middle.
    private var delivering = false

    init(address: BrokerAddress, topics: FleetTopics, caFile: String?, credentials: BrokerCredentials?,
         keepalive: Int = FleetLink.keepaliveSeconds, loop: EventLoop = .main) throws(Failure) {
        self.keepalive = keepalive
        liveness = LinkLiveness(keepaliveSeconds: keepalive)
        self.address = address
        self.topics = topics
        self.loop = loop
        // Unique per run: two signs given one name must not take each
        // other's connection in turn (a broker drops the older of two
        // clients with one ID).
        let run = FleetStatus.makeRunID()
        self.run = run
        let clientID = "ledmarquee-\(topics.name)-\(run)"
        guard let client = MosquittoClient(clientID: clientID) else {
            throw Failure(message: MosquittoClient.unavailable ?? "cannot make an MQTT client (libmosquitto)")
        }
        guard let connector = BrokerConnector(loop: loop) else {
            throw Failure(message: "cannot make a pipe for the MQTT connection: \(String(cString: strerror(errno)))")
        }
        self.client = client
        self.connector = connector
        var code = client.setWill(topic: topics.status, payload: FleetStatus.offline(name: topics.name, run: run), retain: true)
        if code == MosquittoClient.success { code = client.setProtocol(version) }
        if code == MosquittoClient.success, let credentials { code = client.setCredentials(credentials) }
        guard code == MosquittoClient.success else {
            throw Failure(message: "cannot set up the MQTT client: \(MosquittoClient.describe(code))")
        }
        if address.tls {
            if let caFile {
                // libmosquitto says only "invalid"; say which file and why.
                guard access(caFile, R_OK) == 0 else {
                    throw Failure(message: "--mqtt-ca \(caFile): \(String(cString: strerror(errno)))")
                }
            }
            let code = client.setTLS(caFile: caFile)
            guard code == MosquittoClient.success else {
                throw Failure(message: "cannot set up TLS: \(MosquittoClient.describe(code))")
            }
        }
        client.onEvent = { [weak self] event in self?.inbox.append(event) }
    }

    /// Connects; `onNews` hears of the link and of every message.
    func start(onNews: @escaping (News) -> Void) {
        self.onNews = onNews
        connect()
    }

    /// Whether the broker has the sign now.
    var isUp: Bool { phase == .online }

    /// Publishes the sign's status (retained); when the link is down, the
    /// latest is published as soon as it is up.
    func publishStatus(_ json: String) {
        latestStatus = json
        guard phase == .online else { return }
        _ = client.publish(topic: topics.status, payload: Array(json.utf8), retain: true)
        serve(written: true)
    }

    /// Publishes an answer on the sign's reply topic (QoS 1, not
    /// retained); false when it is dropped: the link is down, or
    /// ``maximumPendingReplies`` wait for the broker.
    @discardableResult
    func publishReply(_ json: String) -> Bool {
        publishAnswer(Array(json.utf8), on: topics.reply)
    }

    /// Publishes a snapshot's PNG on the sign's snapshot topic, as a reply
    /// is published (and counted with the replies waiting for the broker).
    func publishSnapshot(_ png: [UInt8]) -> Bool {
        publishAnswer(png, on: topics.snapshot)
    }

    private func publishAnswer(_ payload: [UInt8], on topic: String) -> Bool {
        guard phase == .online, pendingReplies.count < Self.maximumPendingReplies else { return false }
        let (code, messageID) = client.publish(topic: topic, payload: payload, retain: false)
        guard code == MosquittoClient.success else { return false }
        pendingReplies.insert(messageID)
        serve(written: true)
        return true
    }

    /// Says the sign is offline (a clean disconnect sends no Last Will),
    /// disconnects, and stops every watch and timer. Never waits: what
    /// the socket does not take at once is lost.
    func stop() {
        guard phase != .stopped else { return }
        if phase == .online {
            let offline = FleetStatus.offline(name: topics.name, run: run, at: WallClock.now())
            _ = client.publish(topic: topics.status, payload: Array(offline.utf8), retain: true)
            client.disconnect()
            for _ in 0..<4 where client.wantsWrite {
                guard client.loopWrite() == MosquittoClient.success else { break }
            }
        }
        phase = .stopped
        onNews = nil
        release()
        if let retryTimer { loop.cancel(retryTimer) }
        retryTimer = nil
    }

    deinit { stop() }

    // MARK: connecting

    private func connect() {
        guard phase == .idle || phase == .waiting else { return }
        phase = .connecting
        let client = client, address = address, full = needsFullConnect, keepalive = keepalive
        if !full, address.isNumeric {
            // Nothing to look up: connected from the loop, no thread at all,
            // with what the full connect advertised.
            let code = client.reconnectAsync()
            return connectReturned(BrokerConnector.Outcome(code: code, savedErrno: errno))
        }
        // libmosquitto's only connect that takes MQTT 5 properties blocks
        // (it has no asynchronous form), so even a numeric address is
        // connected on the thread the first time.
        let maximum = version == .v5 ? BrokerProtocol.maximumPacketBytes : nil
        let started = connector.start({
            full ? client.connect(host: address.host, port: address.port, keepalive: keepalive, maximumPacketBytes: maximum)
                : client.reconnect()
        }, done: { [weak self] outcome in self?.connectReturned(outcome) })
        if !started { lose("cannot start a thread to connect: \(String(cString: strerror(errno)))") }
    }

    private func connectReturned(_ outcome: BrokerConnector.Outcome) {
        guard phase == .connecting else { return }
        guard outcome.code == MosquittoClient.success else {
            return lose(MosquittoClient.describe(outcome.code, errno: outcome.savedErrno))
        }
        needsFullConnect = false
        let fd = client.socket
        guard fd >= 0 else { return lose("no socket after connecting") }
        // Served by poll: a read must never wait for the rest of a packet.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0, flags & O_NONBLOCK == 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        phase = .connected
        liveness.connected(at: .now)
        watchSocket(fd)
        armMisc()
        armSilenceTimer()
        // A broker that takes the TCP connection but never answers CONNECT
        // (or SUBSCRIBE).
        answerTimer = loop.schedule(at: .now + .seconds(keepalive)) { [weak self] in
            guard let self, self.phase == .connected || self.phase == .subscribing else { return }
            self.answerTimer = nil
            self.lose("no answer from the broker within \(self.keepalive) s")
        }
        serve(written: true)
    }

    /// The connection is gone or never came: the sign says so once and
    /// tries again after the backoff.
    private func lose(_ reason: String) {
        guard phase != .stopped else { return }
        if let older = fallback {
            fallback = nil
            refusal = nil
            return speak(older)
        }
        let wasOnline = phase == .online
        release()
        phase = .waiting
        let said = refusal.map { "the broker refused the sign: \($0)" } ?? reason
        refusal = nil
        if wasOnline || said != lastReason {
            lastReason = said
            onNews?(.down(reason: "\(address): \(said)"))
        }
        let delay = liveness.lost(at: .now, random: Double.random(in: 0...1))
        retryTimer = loop.schedule(at: .now + .milliseconds(Int64(delay * 1000))) { [weak self] in
            self?.retryTimer = nil
            self?.connect()
        }
    }

    /// The broker refused the version spoken: the older one is tried at
    /// once, with no word and no backoff, since nothing is wrong; from now
    /// on every connection of this run speaks it.
    private func speak(_ older: BrokerProtocol) {
        release()
        phase = .waiting
        let code = client.setProtocol(older)
        guard code == MosquittoClient.success else { return lose("cannot speak \(older.name): \(MosquittoClient.describe(code))") }
        version = older
        needsFullConnect = true
        retryTimer = loop.schedule(at: .now) { [weak self] in
            self?.retryTimer = nil
            self?.connect()
        }
    }

    /// Stops serving the socket (libmosquitto closes it, or reconnect does).
    private func release() {
        if let watch { loop.unwatch(watch) }
        watch = nil
        watchedFD = -1
        if let miscTimer { loop.cancel(miscTimer) }
        miscTimer = nil
        if let answerTimer { loop.cancel(answerTimer) }
        answerTimer = nil
        if let silenceTimer { loop.cancel(silenceTimer) }
        silenceTimer = nil
        subscribeID = nil
        // pendingReplies stay: libmosquitto keeps unacknowledged QoS 1
        // messages across a reconnect and sends them again.
        inbox.removeAll()
    }

    /// Loses a broker that has said nothing for 1.5 keepalives: one that
    /// took the connection and then went silent, pings unanswered. The
    /// timer is moved on lazily, when it fires, not at every packet.
    private func armSilenceTimer() {
        guard let deadline = liveness.silenceDeadline else { return }
        silenceTimer = loop.schedule(at: deadline) { [weak self] in
            guard let self, self.serving else { return }
            self.silenceTimer = nil
            guard self.liveness.isSilent(at: .now) else { return self.armSilenceTimer() }
            let seconds = ControlServer.seconds(self.liveness.silenceSeconds)
            self.lose("no answer from the broker for \(seconds) (keepalive \(self.keepalive) s)")
        }
    }

    // MARK: serving the socket

    private func watchSocket(_ fd: Int32) {
        if let watch { loop.unwatch(watch) }
        watchedFD = fd
        watchingWrites = client.wantsWrite
        watch = loop.watch(fd: fd, interest: watchingWrites ? [.readable, .writable] : .readable) { [weak self] events in
            self?.ready(events)
        }
    }

    private func ready(_ events: FDEvents) {
        guard serving else { return }
        if !events.isDisjoint(with: [.readable, .hangUp, .error]) {
            let code = client.loopRead(), saved = errno
            if code == MosquittoClient.success { liveness.heard(at: .now) }
            guard code == MosquittoClient.success else {
                // What came before the close (a refusal's CONNACK) counts.
                deliverInbox()
                if fallback == nil, phase == .connected { fallback = version.fallback(afterReadError: code) }
                return lose(MosquittoClient.describe(code, errno: saved))
            }
        }
        serve(written: events.contains(.writable))
    }

    /// Writes what waits (when `written`, the socket has room), handles
    /// what libmosquitto reported, and watches for what it needs next.
    private func serve(written: Bool) {
        guard serving else { return }
        if written, client.wantsWrite {
            let code = client.loopWrite()
            guard code == MosquittoClient.success else { return lose(MosquittoClient.describe(code, errno: errno)) }
        }
        deliverInbox()
        guard serving else { return }
        let fd = client.socket
        guard fd >= 0 else { return lose("the connection closed") }
        if fd != watchedFD || client.wantsWrite != watchingWrites { watchSocket(fd) }
    }

    private func deliverInbox() {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while !inbox.isEmpty, serving {
            handle(inbox.removeFirst())
        }
    }

    private func handle(_ event: MosquittoClient.Event) {
        switch event {
        case .connected(let code):
            guard code == 0 else {
                // The broker closes the connection next; `lose` says this,
                // or tries the older version.
                refusal = version.describeRefusal(code)
                fallback = version.fallback(afterRefusal: code)
                return
            }
            guard phase == .connected else { return }
            phase = .subscribing
            // MQTT 5: the sign's own status is not sent back to it. Echoed,
            // it would arrive as the sign quits, after it had closed the
            // socket: the reset that answers it lost the DISCONNECT, and
            // the broker sent the Last Will over the clean offline status.
            let (code, messageID) = client.subscribe(topics.subscriptions, noLocal: version == .v5)
            guard code == MosquittoClient.success else { return lose("cannot subscribe: \(MosquittoClient.describe(code))") }
            subscribeID = messageID
        case .subscribed(let messageID, let granted):
            guard phase == .subscribing, messageID == subscribeID else { return }
            // 0x80: the broker refused that topic (its ACL, say).
            if let refused = zip(topics.subscriptions, granted).first(where: { $0.1 >= 0x80 }) {
                return lose("the broker refused the subscription to \(refused.0)")
            }
            if let answerTimer { loop.cancel(answerTimer) }
            answerTimer = nil
            subscribeID = nil
            phase = .online
            liveness.subscribed(at: .now)
            lastReason = nil
            if let latestStatus { _ = client.publish(topic: topics.status, payload: Array(latestStatus.utf8), retain: true) }
            onNews?(.up)
        case .message(let topic, let payload, let retained):
            onNews?(.message(topic: topic, payload: payload, retained: retained))
        case .oversized(let topic, let bytes):
            onNews?(.oversized(topic: topic, bytes: bytes))
        case .published(let messageID):
            pendingReplies.remove(messageID)
        case .disconnected:
            break  // a loss shows as a failed read, write or misc call
        }
    }

    private func armMisc() {
        let interval = Double(keepalive) / 3
        miscTimer = loop.schedule(at: .now + .milliseconds(Int64(interval * 1000))) { [weak self] in
            guard let self, self.serving else { return }
            self.miscTimer = nil
            let code = self.client.loopMisc()
            guard code == MosquittoClient.success, self.client.socket >= 0 else {
                return self.lose(code == MosquittoClient.success ? "no answer to the keepalive ping" : MosquittoClient.describe(code))
            }
            self.armMisc()
            self.serve(written: true)
        }
    }
}
