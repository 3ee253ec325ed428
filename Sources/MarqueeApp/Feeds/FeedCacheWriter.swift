import EventLoop
import Synchronization

/// Keeps a feed's copy on disk (``FeedCache``) from a thread of its own
/// (``DetachedThread``), so a write of up to 4 MiB to a slow or full disk
/// never holds up the event loop. The writes of one feed take a lock in
/// turn (the loop never takes it: it only counts copies, atomically), and
/// one that finds a newer copy was handed in since writes nothing: an
/// older copy never replaces a newer one.
final class FeedCacheWriter: Sendable {
    let cache: FeedCache
    /// The number of the newest copy handed in.
    private let newest = Atomic<UInt64>(0)
    /// Held by the thread writing.
    private let writing = Mutex(())

    init(cache: FeedCache) {
        self.cache = cache
    }

    /// Keeps `copy` off the loop; `failed` is called on `loop` with the reason.
    func keep(_ copy: FeedCache.Copy, loop: EventLoop, failed: @escaping @Sendable (String) -> Void) {
        let number = newest.add(1, ordering: .sequentiallyConsistent).newValue
        let write: @Sendable () -> Void = { [self] in
            let failure: String? = writing.withLock { _ in
                guard newest.load(ordering: .sequentiallyConsistent) == number else { return nil }
                return cache.store(copy, tag: String(number))
            }
            guard let failure else { return }
            loop.schedule(at: .now) { failed(failure) }
        }
        if !FeedSignals.withAllBlocked({ DetachedThread.start(write) }) { write() }
    }
}
