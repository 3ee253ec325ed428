import Glibc
import MarqueeCore

/// A flow with news feeds in it, as a live source (docs/feeds.md,
/// "Playing a feed"): `--feed URL` (one feed, nothing else), or a deck
/// whose entries mix fixed messages and `{"feed": …}` entries. The flow is
/// the fixed messages with each feed's items in its entry's place; each
/// refresh of a feed replaces the flow (the player keeps the message shown
/// when its text is still in it). A feed that fails keeps its items and
/// is said once per reason, with the age of what it shows; the flow plays
/// on. The items of the copy kept on disk play at once, before any fetch.
@MainActor
final class FeedDeckSource: LiveCueSource {
    /// A place in the flow: fixed messages, or a feed's items.
    enum Part {
        case fixed([Cue])
        case feed(FeedEntry)
    }

    private let name: String
    private let seconds: Double
    private var parts: [Part]
    private var fetchers: [Int: FeedFetcher] = [:]
    private var items: [Int: [Cue]] = [:]
    private var onUpdate: ((LiveCueUpdate) -> Void)?
    /// What happened while paused, handed over at the next `follow`.
    private var pending: LiveCueUpdate?
    private var follows = 0
    /// Feeds whose first fetch failed with nothing to show.
    private var failedEmpty: [String] = []
    /// The feeds (by part) whose last fetch failed, for the status line.
    private var failing: Set<Int> = []
    private(set) var failure: String?

    private let http: FeedHTTP
    private let caFile: String?
    private let environment: [String: String]
    private let timeouts: FeedTransfer.Timeouts

    /// `parts` in order; `name` names the flow in messages (the deck's
    /// file, or the feed's URL). With `copiesAtOnce` (before the sign
    /// plays) the feeds' copies on disk are read here, and ``cues`` has
    /// their items; else (a deck that comes while it plays) they are read
    /// off the loop and come as an update. Throws when libcurl cannot be
    /// loaded.
    init(parts: [Part], name: String, seconds: Double, caFile: String?, environment: [String: String],
         timeouts: FeedTransfer.Timeouts = .standard, copiesAtOnce: Bool = true) throws(Platform.Failure) {
        self.name = name
        self.seconds = seconds
        self.parts = parts
        self.caFile = caFile
        self.environment = environment
        self.timeouts = timeouts
        do { http = try FeedHTTP() } catch { throw Platform.Failure(message: error.description, status: 1) }
        adopt(parts, keeping: [], copiesAtOnce: copiesAtOnce)
    }

    /// The deck read again (its file changed, docs/feeds.md): the new
    /// parts play from now on, and the new flow is returned. A feed whose
    /// entry is unchanged keeps its fetcher, its items and its schedule;
    /// a new one starts from its copy on disk (read off the loop, its items
    /// an update) and is fetched at once; one gone is stopped.
    func replace(_ newParts: [Part]) -> [Cue] {
        var kept: [(FeedEntry, FeedFetcher, [Cue]?)] = []
        for (index, part) in parts.enumerated() {
            guard case .feed(let entry) = part, let fetcher = fetchers[index] else { continue }
            kept.append((entry, fetcher, items[index]))
        }
        parts = newParts
        fetchers = [:]
        items = [:]
        failing = []
        adopt(newParts, keeping: kept, copiesAtOnce: false)
        for (_, fetcher, _) in kept where !fetchers.values.contains(where: { $0 === fetcher }) { fetcher.stop() }
        if follows > 1 {
            fetchers.values.forEach {
                $0.keepsCopies = true
                $0.start()
            }
        }
        // The failures said were of the old parts: the status line forgets them.
        var cleared = LiveCueUpdate(cues: nil, notes: [])
        cleared.inputs = [.feedNote(nil)]
        deliver(cleared)
        return cues
    }

    /// Makes (or takes from `kept`) the fetcher of each feed of `parts`.
    private func adopt(_ parts: [Part], keeping kept: [(FeedEntry, FeedFetcher, [Cue]?)], copiesAtOnce: Bool) {
        var kept = kept
        for (index, part) in parts.enumerated() {
            guard case .feed(let entry) = part else { continue }
            let fetcher: FeedFetcher
            if let match = kept.firstIndex(where: { $0.0 == entry }) {
                fetcher = kept[match].1
                items[index] = kept[match].2
                kept.remove(at: match)
            } else {
                fetcher = FeedFetcher(entry: entry, http: http, caFile: caFile,
                                      cache: FeedCache.location(url: entry.url, environment: environment), timeouts: timeouts)
                if !copiesAtOnce {
                    fetcher.readCopyInBackground()
                } else if let document = fetcher.loadCachedCopy() {
                    items[index] = FeedCues.cues(document, entry: entry, seconds: seconds)
                }
            }
            fetcher.onNews = { [weak self] news in self?.news(news, part: index) }
            fetchers[index] = fetcher
        }
    }

    /// The flow: the parts in order, within the flow's caps
    /// (``FlowLimits``). The fixed messages are within them already (the
    /// deck was checked) and always play; feed items that would take the
    /// flow past 1,000 messages or 4 MiB of text do not.
    var cues: [Cue] {
        let fixed = parts.flatMap { part -> [Cue] in
            if case .fixed(let cues) = part { return cues }
            return []
        }
        var count = fixed.count
        var bytes = FlowLimits.textBytes(of: fixed)
        return parts.enumerated().flatMap { index, part -> [Cue] in
            guard case .feed = part else {
                if case .fixed(let cues) = part { return cues }
                return []
            }
            return (items[index] ?? []).filter { cue in
                let size = FlowLimits.textBytes(of: cue)
                guard count < FlowLimits.maximumCues, bytes + size <= FlowLimits.maximumTextBytes else { return false }
                count += 1
                bytes += size
                return true
            }
        }
    }

    var ended: Bool { false }
    var noMessages: String { "\(name): no items" }

    /// The first call is the sign waiting for its first messages
    /// (`firstCues`); the next, the playing sign's. Feeds are fetched from
    /// the first only when there is nothing to show without them, and
    /// copies are written to disk only once the sign plays
    /// (``FeedFetcher/keepsCopies``): no thread may start before the
    /// player blocks its signals if it can be helped.
    func follow(_ onUpdate: @escaping (LiveCueUpdate) -> Void) {
        self.onUpdate = onUpdate
        follows += 1
        if follows == 1 {
            // What is in hand already (fixed messages, copies on disk)
            // counts as the first read.
            if !cues.isEmpty {
                onUpdate(LiveCueUpdate(cues: cues, notes: []))
                return
            }
            fetchers.values.forEach { $0.start() }
            return
        }
        fetchers.values.forEach {
            $0.keepsCopies = true
            $0.start()
        }
        if let pending {
            self.pending = nil
            onUpdate(pending)
        }
    }

    /// Plays from now on, with no `firstCues` before (a fleet's deck,
    /// whose first flow the caller loads from ``cues``): fetches at once,
    /// keeps copies, and calls `onUpdate` for each change.
    func play(_ onUpdate: @escaping (LiveCueUpdate) -> Void) {
        follows = max(follows, 1)
        follow(onUpdate)
    }

    func pause() {
        onUpdate = nil
    }

    func stop() {
        onUpdate = nil
        fetchers.values.forEach { $0.stop() }
    }

    private func news(_ news: FeedFetcher.News, part index: Int) {
        guard case .feed(let entry) = parts[index], let fetcher = fetchers[index] else { return }
        var update: LiveCueUpdate
        switch news {
        case .document(let document):
            let fresh = FeedCues.cues(document, entry: entry, seconds: seconds)
            if fresh.isEmpty {
                update = LiveCueUpdate(cues: nil, notes: ["feed \(entry.url): the feed has no items; the flow plays on"])
                if cues.isEmpty { failure = "feed \(entry.url): the feed has no items" }
            } else {
                let changed = fresh != items[index]
                items[index] = fresh
                update = LiveCueUpdate(cues: changed ? cues : nil, notes: [])
            }
            failing.remove(index)
            update.inputs = [.feedNote(statusNote())]
        case .copy(let document):
            // Read off the loop after the deck came: its items, unless a
            // fetch brought newer ones first.
            let kept = FeedCues.cues(document, entry: entry, seconds: seconds)
            guard items[index] == nil, !kept.isEmpty else { return }
            items[index] = kept
            update = LiveCueUpdate(cues: cues, notes: [])
        case .notKept(let reason):
            update = LiveCueUpdate(cues: nil, notes: ["feed \(entry.url): \(reason)"])
        case .failed(let reason):
            let shown = fetcher.fetchedAt.map { "; showing its items of \(FeedCues.age(since: $0, now: Int(time(nil)))) ago" }
            update = LiveCueUpdate(cues: nil, notes: ["feed \(entry.url): \(reason)" + (items[index] == nil ? "" : shown ?? "")])
            failing.insert(index)
            update.inputs = [.feedNote(statusNote())]
            if cues.isEmpty, !failedEmpty.contains(entry.url) {
                failedEmpty.append(entry.url)
                // Nothing to play yet and every feed has failed: the sign
                // cannot start.
                if failedEmpty.count == fetchers.count { failure = "feed \(entry.url): \(reason)" }
            }
        }
        deliver(update)
    }

    /// The status line's note: nil while every feed's last fetch worked;
    /// else how old the oldest items shown of a failing feed are
    /// (`feed offline, items 3 h old`). Said again at each failure, so it
    /// ages with the retries (at most `every` apart).
    private func statusNote() -> String? {
        guard !failing.isEmpty else { return nil }
        let oldest = failing.filter { items[$0] != nil }.compactMap { fetchers[$0]?.fetchedAt }.min()
        let what = failing.count == 1 ? "feed offline" : "\(failing.count) feeds offline"
        return oldest.map { "\(what), items \(FeedCues.age(since: $0, now: Int(time(nil)))) old" } ?? what
    }

    private func deliver(_ update: LiveCueUpdate) {
        guard update.cues != nil || !update.notes.isEmpty || !update.inputs.isEmpty || failure != nil else { return }
        if let onUpdate {
            onUpdate(update)
        } else {
            // Paused: the newest flow stands, notes add up.
            var merged = pending ?? LiveCueUpdate(cues: nil, notes: [])
            if let cues = update.cues { merged.cues = cues }
            merged.notes += update.notes
            // The newest note stands.
            if !update.inputs.isEmpty { merged.inputs = update.inputs }
            pending = merged
        }
    }
}
