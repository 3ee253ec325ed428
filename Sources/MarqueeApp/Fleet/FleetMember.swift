import EventLoop
import MarqueeCore

/// A playing sign's part in its fleet (docs/fleet.md): turns what the
/// ``FleetLink`` hears into the player's inputs — a deck on `PREFIX/deck`
/// becomes a `load` once the ``DeckReader`` has read it off the loop's
/// thread (kept in the ``DeckCache`` for the next start), a
/// command on a `cmd` topic is answered as the control socket answers it
/// (a `snapshot`'s PNG published on the sign's snapshot topic, at most one
/// a second) —
/// and publishes the sign's status whenever what it says changes, at most
/// once a second. A payload that cannot be used is an `error` record and a
/// notice naming its topic; the sign keeps what it had.
@MainActor
final class FleetMember {
    /// What the member needs of the player.
    struct Player {
        var send: (PlayerInput) -> Void
        /// Answers a request as the control socket would.
        var answer: (ControlRequest) -> ControlReply
        /// A PNG of what the sign shows now, at a pitch, later.
        var snapshot: (Int, @escaping SnapshotTaker.Done) -> Void
        /// An `error` record and a notice.
        var report: (String) -> Void
        var status: () -> StatusSnapshot
    }

    /// Seconds between two status messages at least: a sign whose state
    /// flickers costs its broker one message a second, not one a change.
    static let statusInterval = 1.0

    let link: FleetLink
    /// Keeps the played deck on disk, off the loop; nil without a cache.
    private let cacheWriter: DeckCacheWriter?
    private let defaultSeconds: Double
    private let loop: EventLoop
    private var player: Player?
    /// The deck payload playing now, so the retained deck that comes again
    /// with every reconnect does not start the flow over.
    private var playing: [UInt8]?
    private var published: String?
    private var lastPublish: ContinuousClock.Instant?
    private var statusTimer: LoopTimer?
    /// The newest deck heard and not yet read: a burst of decks is read
    /// and played once, the superseded ones dropped unread.
    private var pendingDeck: (topic: String, payload: [UInt8])?
    private var pendingSince: ContinuousClock.Instant?
    private var deckTimer: LoopTimer?
    /// Reads decks on a thread of its own; nil only during `init`.
    private var reader: DeckReader?
    /// The number of the last deck handed to the reader: the outcome of
    /// any other is dropped.
    private var readGeneration: UInt64 = 0
    /// The deck being read, until its outcome comes or a newer deck
    /// supersedes it.
    private var reading: [UInt8]?
    /// The deck played and not yet kept: written once decks settle.
    private var unsavedDeck: [UInt8]?
    private var cacheTimer: LoopTimer?
    /// Hears other signs on this sign's status topic.
    private var clash: NameClash
    private var snapshotLimit = SnapshotRateLimit()
    /// The clock `clash` reads starts here.
    private let created = ContinuousClock.now
    /// The feeds of the deck playing, fetched by this sign (docs/fleet.md,
    /// "News feeds in a fleet's deck"); nil for a deck without feeds.
    private var feeds: FeedDeckSource?
    private let feedCA: String?
    private var playingFeeds: (cues: [Cue], feeds: [DeckFeed], epoch: Double?, zones: [SignZone]?)?

    /// Seconds without a newer deck before the newest is read and played.
    static let deckSettleSeconds = 0.25
    /// Seconds at most from a deck's arrival to its reading, however many
    /// newer ones keep coming.
    static let deckLatestSeconds = 1.0
    /// Seconds without a newer deck played before it is kept on disk.
    static let cacheSettleSeconds = 2.0

    /// `feedCA`: `--feed-ca`, for the feeds of a deck; `playingFeeds`: the
    /// kept deck's, when it has feeds, played from the start.
    init(link: FleetLink, cache: DeckCache?, playing: [UInt8]?, defaultSeconds: Double, feedCA: String? = nil,
         playingFeeds: (cues: [Cue], feeds: [DeckFeed], epoch: Double?, zones: [SignZone]?)? = nil, loop: EventLoop = .main) {
        self.feedCA = feedCA
        self.playingFeeds = playingFeeds
        self.link = link
        cacheWriter = cache.map(DeckCacheWriter.init)
        self.playing = playing
        self.defaultSeconds = defaultSeconds
        self.loop = loop
        clash = NameClash(run: link.run)
        reader = DeckReader(loop: loop, parse: { job in
            FleetPayload.parse(job.payload, kind: .deck, topic: job.topic, defaultSeconds: defaultSeconds)
        }, done: { [weak self] job, outcome in
            MainActor.assumeIsolated { self?.deckRead(job, outcome) }
        })
    }

    func start(_ player: Player) {
        self.player = player
        if let (cues, feeds, epoch, zones) = playingFeeds {
            playingFeeds = nil
            playFeeds(cues: cues, feeds: feeds, epoch: epoch, zones: zones, topic: link.topics.name)
        }
        link.start { [weak self] news in
            MainActor.assumeIsolated { self?.hear(news) }
        }
        stateChanged()
    }

    func stop() {
        if let statusTimer { loop.cancel(statusTimer) }
        statusTimer = nil
        for timer in [deckTimer, cacheTimer].compactMap(\.self) { loop.cancel(timer) }
        deckTimer = nil
        cacheTimer = nil
        supersedeReading()
        feeds?.stop()
        feeds = nil
        // A deck played and not yet kept is kept now, for the next start.
        saveDeck(now: true)
        link.stop()
        player = nil
    }

    /// Something the sign logged may have changed its status: publish it if
    /// it did, now or when the interval allows.
    func stateChanged() {
        guard let player, statusTimer == nil else { return }
        let now = ContinuousClock.now
        if let lastPublish, lastPublish.duration(to: now) < .seconds(Self.statusInterval) {
            statusTimer = loop.schedule(at: lastPublish + .seconds(Self.statusInterval)) { [weak self] in
                MainActor.assumeIsolated {
                    self?.statusTimer = nil
                    self?.stateChanged()
                }
            }
            return
        }
        let snapshot = player.status()
        let status = FleetStatus.online(name: link.topics.name, run: link.run, status: snapshot)
        guard status != published else { return }
        published = status
        lastPublish = now
        link.publishStatus(FleetStatus.online(name: link.topics.name, run: link.run, status: snapshot, at: WallClock.now()))
    }

    private func hear(_ news: FleetLink.News) {
        guard let player else { return }
        switch news {
        case .up:
            player.send(.brokerLink(.up))
        case .down(let reason):
            player.send(.brokerLink(.down))
            player.report(reason)
        case .oversized(let topic, let bytes):
            guard link.topics.kind(of: topic) != nil else { return }
            player.report("\(topic): message of \(bytes) bytes refused (at most \(MosquittoClient.maximumPayloadBytes))")
        case .message(let topic, let payload, let retained):
            guard let kind = link.topics.kind(of: topic) else { return }
            if kind == .deck { return deckArrived(topic: topic, payload: payload) }
            if kind == .ownStatus { return heardOwnTopic(payload, retained: retained) }
            handle(payload, kind: kind, topic: topic)
        }
    }

    /// A message on the sign's own status topic (``NameClash``).
    private func heardOwnTopic(_ payload: [UInt8], retained: Bool) {
        switch clash.hear(payload, retained: retained, now: elapsed()) {
        case .nothing:
            return
        case .namesake(let run):
            let which = run.map { " (run \($0))" } ?? ""
            player?.report("another sign\(which) is also named '\(link.topics.name)' on \(link.address): "
                           + "give each sign its own --name")
        case .republish:
            break
        }
        // Published again (within the interval): the retained status
        // must be a live sign's, and a namesake must hear this one.
        published = nil
        stateChanged()
    }

    /// Seconds since the member was made, on the monotonic clock.
    private func elapsed() -> Double {
        let elapsed = created.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// `snapshot` from the fleet: refused within a second of the last one
    /// taken; else the PNG is published on the snapshot topic, then the
    /// answer (its size) on the reply topic.
    private func snapshot(pitch: Int, id: String?, topic: String) {
        guard let player else { return }
        if let wait = snapshotLimit.admit(at: elapsed()) {
            if let id { link.publishReply(ControlReply.error(SnapshotRateLimit.refusal(waiting: wait)).answer(id: id)) }
            return
        }
        player.snapshot(pitch) { [weak self] outcome in
            guard let self, self.player != nil else { return }
            let reply: ControlReply
            switch outcome {
            case .success(let png):
                reply = link.publishSnapshot(png.bytes) ? SnapshotReply.published(png)
                    : .error("the picture was not published (the broker link is down or busy)")
            case .failure(let failure):
                reply = .error(failure.message)
            }
            if case .error(let message) = reply { self.player?.report("\(topic): snapshot: \(message)") }
            if let id { link.publishReply(reply.answer(id: id)) }
        }
    }

    /// Keeps the newest deck for reading once decks stop coming for
    /// `deckSettleSeconds` (at most `deckLatestSeconds` after the first).
    private func deckArrived(topic: String, payload: [UInt8]) {
        let now = ContinuousClock.now
        if let deckTimer { loop.cancel(deckTimer) }
        deckTimer = nil
        // The one being read again (every reconnect brings the retained
        // deck): it is still the newest, and whatever waited is superseded.
        guard payload != reading else {
            pendingDeck = nil
            pendingSince = nil
            return
        }
        // Any other deck is newer than the one being read.
        supersedeReading()
        // The one playing again: nothing to do, and whatever came before it
        // is superseded.
        guard payload != playing else {
            pendingDeck = nil
            pendingSince = nil
            return
        }
        pendingDeck = (topic, payload)
        let since = pendingSince ?? now
        pendingSince = since
        let due = min(now + .seconds(Self.deckSettleSeconds), since + .seconds(Self.deckLatestSeconds))
        deckTimer = loop.schedule(at: due) { [weak self] in
            MainActor.assumeIsolated { self?.readPendingDeck() }
        }
    }

    private func readPendingDeck() {
        deckTimer = nil
        pendingSince = nil
        guard let (topic, payload) = pendingDeck else { return }
        pendingDeck = nil
        readGeneration += 1
        reading = payload
        let job = DeckReader.Job(generation: readGeneration, topic: topic, payload: payload)
        guard reader?.read(job) == true else {
            // No thread to be had: read here, as a small deck always could be.
            return deckRead(job, FleetPayload.parse(payload, kind: .deck, topic: topic, defaultSeconds: defaultSeconds))
        }
    }

    /// A deck's outcome, back on the loop: played, unless a newer deck
    /// superseded it while it was read.
    private func deckRead(_ job: DeckReader.Job, _ outcome: DeckReader.Outcome) {
        guard job.generation == readGeneration, reading != nil else { return }
        reading = nil
        play(outcome, payload: job.payload, topic: job.topic)
    }

    /// The deck being read will not be played: a newer one came.
    private func supersedeReading() {
        guard reading != nil else { return }
        reading = nil
        readGeneration += 1
    }

    /// Keeps the deck played on disk once no newer one has been played
    /// for `cacheSettleSeconds`: a burst of decks is written once.
    private func keepLater(_ payload: [UInt8]) {
        guard cacheWriter != nil else { return }
        unsavedDeck = payload
        if let cacheTimer { loop.cancel(cacheTimer) }
        cacheTimer = loop.schedule(at: .now + .seconds(Self.cacheSettleSeconds)) { [weak self] in
            MainActor.assumeIsolated {
                self?.cacheTimer = nil
                self?.saveDeck()
            }
        }
    }

    /// Writes the unsaved deck off the loop; `now` (the sign is stopping)
    /// on the loop's thread, so it is kept before the process ends.
    private func saveDeck(now: Bool = false) {
        guard let cacheWriter, let payload = unsavedDeck else { return }
        unsavedDeck = nil
        if now {
            if let failure = cacheWriter.keepNow(payload) { player?.report(failure) }
            return
        }
        cacheWriter.keep(payload, loop: loop) { [weak self] failure in
            MainActor.assumeIsolated { self?.player?.report(failure) }
        }
    }

    /// Plays a deck with feeds: its fixed messages and the items of the
    /// copies on disk at once (a `load`, as any deck), then each refresh
    /// in place. Each sign fetches its deck's feeds itself.
    private func playFeeds(cues: [Cue], feeds deckFeeds: [DeckFeed], epoch: Double?, zones: [SignZone]?, topic: String) {
        guard let player else { return }
        if feeds != nil { player.send(.feedNote(nil)) }
        feeds?.stop()
        feeds = nil
        let source: FeedDeckSource
        do {
            // The copies on disk are read off the loop: the sign is playing.
            source = try FeedDeckSource(parts: FeedDeckSource.Part.parts(cues: cues, feeds: deckFeeds), name: topic,
                                        seconds: defaultSeconds, caFile: feedCA, environment: Platform.environment,
                                        copiesAtOnce: false)
        } catch {
            player.report("\(topic): \(error.message)")
            return
        }
        feeds = source
        var loaded = false
        func load(_ flow: [Cue]) {
            let request = ControlRequest("load", .remote(.load(flow, epoch: epoch, zones: zones), notes: []))
            if case .error(let message) = player.answer(request) {
                player.report("\(topic): the deck was refused: \(message)")
                return
            }
            loaded = true
        }
        if !source.cues.isEmpty { load(source.cues) }
        source.play { update in
            if let flow = update.cues { loaded ? player.send(.cuesReplaced(flow)) : load(flow) }
            update.inputs.forEach(player.send)
            update.notes.forEach(player.report)
        }
    }

    /// A command, read here: it is at most 64 KiB.
    private func handle(_ payload: [UInt8], kind: FleetTopics.Kind, topic: String) {
        play(FleetPayload.parse(payload, kind: kind, topic: topic, defaultSeconds: defaultSeconds), payload: payload, topic: topic)
    }

    private func play(_ outcome: DeckReader.Outcome, payload: [UInt8], topic: String) {
        guard let player else { return }
        switch outcome {
        case .failure(let failure):
            player.report(failure.message)
            if let id = failure.id { link.publishReply(ControlReply.error(failure.message).answer(id: id)) }
        case .success(.deckCleared):
            player.report("\(topic): the deck was deleted; playing on with the last one")
        case .success(.feedDeck(let cues, let epoch, let notes, let deckFeeds, let zones)):
            playing = payload
            notes.forEach(player.report)
            playFeeds(cues: cues, feeds: deckFeeds, epoch: epoch, zones: zones, topic: topic)
            keepLater(payload)
        case .success(.deck(let cues, let epoch, let notes, let zones)):
            if feeds != nil { player.send(.feedNote(nil)) }
            feeds?.stop()
            feeds = nil
            playing = payload
            // The deck is a `load`, answered as the socket's is: a deck the
            // sign refuses (over the flow's limits) is said, not dropped.
            let request = ControlRequest("load", .remote(.load(cues, epoch: epoch, zones: zones), notes: notes))
            if case .error(let message) = player.answer(request) {
                player.report("\(topic): the deck was refused: \(message)")
                return
            }
            keepLater(payload)
        case .success(.command(let request, let id)) where request.action == .status:
            // Asked for: published even if unchanged, but within the
            // interval like any other (a flood of asks costs the broker
            // one message a second, and the sign no queue of them).
            published = nil
            stateChanged()
            if let id { link.publishReply(player.answer(request).answer(id: id)) }
        case .success(.command(let request, let id)):
            if case .snapshot(let pitch) = request.action { return snapshot(pitch: pitch, id: id, topic: topic) }
            let reply = player.answer(request)
            if case .error(let message) = reply { player.report("\(topic): \(request.command): \(message)") }
            if let id { link.publishReply(reply.answer(id: id)) }
        }
    }
}
