import EventLoop
import Glibc

/// Fetches one feed, again and again, on the event loop (docs/feeds.md,
/// "Fetching"): a conditional GET through ``FeedHTTP``, then a wait that
/// ``FeedRefresh`` chooses (`every`, longer when the feed asks, a backoff
/// after failures). Each new copy is read (``FeedParser``), kept on disk
/// (``FeedCacheWriter``) and handed on; a failure is handed on once per
/// reason, and the items already had stay.
@MainActor
final class FeedFetcher {
    /// What the fetcher tells its owner.
    enum News: Equatable {
        /// The feed's items, new (or read from the copy on disk).
        case document(FeedDocument)
        /// The items of the copy on disk, read off the loop
        /// (``readCopyInBackground()``).
        case copy(FeedDocument)
        /// A fetch failed, for a reason not said since the last success.
        case failed(String)
        /// The copy could not be kept on disk (said once per reason).
        case notKept(String)
    }

    let entry: FeedEntry
    private let http: FeedHTTP
    private let caFile: String?
    private let timeouts: FeedTransfer.Timeouts
    private let writer: FeedCacheWriter?
    private var refresh: FeedRefresh
    private var validators = FeedTransfer.Validators()
    private var transfer: FeedTransfer?
    private var timer: LoopTimer?
    private var lastReason: String?
    private var lastCacheFailure: String?
    private var stopped = false
    /// The copy on disk is being read off the loop; a `start` meanwhile
    /// waits for it.
    private var readingCopy = false
    private var startsAfterCopy = false
    /// When the items in hand were fetched (Unix seconds), nil before any.
    private(set) var fetchedAt: Int?
    /// Whether a copy (from the network or the disk) is in hand.
    private(set) var hasCopy = false
    var onNews: ((News) -> Void)?
    /// Whether new copies are written to disk now. Not before the sign
    /// plays: the player blocks its signals while the process has one
    /// thread, and the writer's thread must not be alive then. A copy
    /// fetched before waits here.
    var keepsCopies = false {
        didSet { if keepsCopies, let unkept { keep(unkept) } }
    }
    private var unkept: FeedCache.Copy?
    /// The hash of the last body read, and its validators: the same body
    /// again (a server without ETags, every `every`) is neither read nor
    /// written again.
    private var lastBody: (hash: UInt64, validators: FeedTransfer.Validators)?
    /// The `<ttl>` of the last document read.
    private var lastTTL: Int?

    init(entry: FeedEntry, http: FeedHTTP, caFile: String?, cache: FeedCache?,
         timeouts: FeedTransfer.Timeouts = .standard) {
        self.entry = entry
        self.http = http
        self.caFile = caFile
        self.timeouts = timeouts
        writer = cache.map(FeedCacheWriter.init)
        refresh = FeedRefresh(everySeconds: entry.everySeconds)
    }

    /// Reads the copy kept on disk, if any (before the sign plays: a read
    /// of at most 4 MiB of a local file): its document, or nil.
    func loadCachedCopy() -> FeedDocument? {
        guard let (copy, document) = Self.read(writer?.cache, items: entry.items) else { return nil }
        adopt(copy, document)
        return document
    }

    /// Reads the copy kept on disk on a thread of its own: a deck that
    /// arrives while the sign plays (a fleet's, a file read again) must
    /// not hold the loop for a read of up to 4 MiB and its parse. Its items
    /// come as `.copy` news, on the main actor; a fetch started meanwhile
    /// waits for it, so that it can ask for the feed only if changed.
    func readCopyInBackground() {
        guard let cache = writer?.cache else { return }
        readingCopy = true
        let items = entry.items
        let read: @Sendable () -> Void = { [weak self] in
            let found = FeedFetcher.read(cache, items: items)
            Task { @MainActor in self?.copyRead(found) }
        }
        if !FeedSignals.withAllBlocked({ DetachedThread.start(read) }) { read() }
    }

    /// The copy read off the loop: kept, said, and the fetch waiting for
    /// it started.
    private func copyRead(_ found: (FeedCache.Copy, FeedDocument)?) {
        readingCopy = false
        guard !stopped else { return }
        if let (copy, document) = found, !hasCopy {
            adopt(copy, document)
            onNews?(.copy(document))
        }
        if startsAfterCopy {
            startsAfterCopy = false
            start()
        }
    }

    /// `cache`'s copy and its document, if it has one that reads.
    private nonisolated static func read(_ cache: FeedCache?, items: Int) -> (FeedCache.Copy, FeedDocument)? {
        guard let copy = cache?.load(), let (document, _) = try? FeedParser.parse(copy.body, maximumItems: items) else {
            return nil
        }
        return (copy, document)
    }

    /// Takes `copy` (and its `document`) as the last fetch's.
    private func adopt(_ copy: FeedCache.Copy, _ document: FeedDocument) {
        validators = copy.validators
        lastBody = (FeedCache.fnv1a(copy.body), copy.validators)
        lastTTL = document.ttlMinutes
        fetchedAt = copy.fetched
        hasCopy = true
    }

    /// Fetches now, then on and on until `stop`.
    func start() {
        stopped = false
        if readingCopy {
            startsAfterCopy = true
            return
        }
        guard transfer == nil, timer == nil else { return }
        fetch()
    }

    func stop() {
        stopped = true
        startsAfterCopy = false
        if let transfer { http.cancel(transfer) }
        transfer = nil
        if let timer { EventLoop.main.cancel(timer) }
        timer = nil
    }

    private func fetch() {
        timer = nil
        do {
            let transfer = try FeedTransfer(url: entry.url, validators: hasCopy ? validators : .init(), caFile: caFile,
                                            timeouts: timeouts) { [weak self] outcome in
                MainActor.assumeIsolated { self?.finished(outcome) }
            }
            self.transfer = transfer
            http.start(transfer)
        } catch {
            failed(error)
        }
    }

    private func finished(_ outcome: FeedTransfer.Outcome) {
        transfer = nil
        guard !stopped else { return }
        switch outcome {
        case .fetched(let body, let headers):
            let hash = FeedCache.fnv1a(body)
            let fresh = FeedTransfer.Validators(etag: headers.etag, lastModified: headers.lastModified)
            // The same body again (a server without validators answers 200
            // every time): nothing to read again, nothing new to show. A
            // 4 MiB feed costs the loop about 50 ms to read; its hash, 5 ms.
            if hasCopy, let lastBody, lastBody.hash == hash {
                validators = fresh
                fetchedAt = Int(time(nil))
                if lastBody.validators != fresh {
                    self.lastBody = (hash, fresh)
                    keep(FeedCache.Copy(validators: fresh, fetched: fetchedAt ?? 0, body: body))
                }
                return succeeded(asked: asked(lastTTL, headers))
            }
            let document: FeedDocument
            do {
                document = try FeedParser.parse(body, maximumItems: entry.items).0
            } catch {
                return failed(error)
            }
            validators = fresh
            fetchedAt = Int(time(nil))
            hasCopy = true
            lastTTL = document.ttlMinutes
            lastBody = (hash, validators)
            keep(FeedCache.Copy(validators: validators, fetched: fetchedAt ?? 0, body: body))
            succeeded(asked: asked(document.ttlMinutes, headers))
            onNews?(.document(document))
        case .notModified(let headers):
            if let etag = headers.etag { validators.etag = etag }
            if let date = headers.lastModified { validators.lastModified = date }
            fetchedAt = Int(time(nil))
            succeeded(asked: asked(nil, headers))
        case .failed(let error):
            failed(error)
        }
    }

    /// What the feed asks: the longer of its `<ttl>` and `max-age`.
    private func asked(_ ttlMinutes: Int?, _ headers: FeedResponseHeaders) -> Double? {
        let asks = [ttlMinutes.map { Double($0) * 60 }, headers.maxAgeSeconds.map(Double.init)].compactMap(\.self)
        return asks.max()
    }

    private func keep(_ copy: FeedCache.Copy) {
        guard keepsCopies else {
            unkept = copy
            return
        }
        unkept = nil
        writer?.keep(copy, loop: .main) { [weak self] reason in
            MainActor.assumeIsolated { self?.notKept(reason) }
        }
    }

    private func notKept(_ reason: String) {
        guard reason != lastCacheFailure else { return }
        lastCacheFailure = reason
        onNews?(.notKept(reason))
    }

    private func succeeded(asked: Double?) {
        lastReason = nil
        wait(refresh.afterSuccess(askedSeconds: asked))
    }

    private func failed(_ error: FeedError) {
        wait(refresh.afterFailure())
        guard error.reason != lastReason else { return }
        lastReason = error.reason
        onNews?(.failed(error.description))
    }

    private func wait(_ seconds: Double) {
        guard !stopped else { return }
        timer = EventLoop.main.schedule(at: .now + .milliseconds(Int64(seconds * 1_000))) { [weak self] in
            MainActor.assumeIsolated { self?.fetch() }
        }
    }
}
