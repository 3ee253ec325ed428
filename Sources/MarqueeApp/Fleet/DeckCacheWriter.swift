import EventLoop
import Synchronization

/// Keeps the fleet's deck on disk (`DeckCache`) from a thread of its own,
/// so a write of up to 1 MiB to a slow or full disk never holds up the
/// event loop (docs/fleet.md, "The deck kept on disk"). Writes may overlap:
/// each goes to a temporary file of its own, and only the newest deck
/// handed in is renamed into place, so an older write that ends last never
/// replaces a newer deck.
final class DeckCacheWriter: Sendable {
    let cache: DeckCache
    /// The number of the newest deck handed in.
    private let newest = Mutex<UInt64>(0)

    init(cache: DeckCache) {
        self.cache = cache
    }

    /// Keeps `payload` on a thread of its own (on the caller's, if no
    /// thread can be started); `failed` is called on `loop` with the reason.
    func keep(_ payload: [UInt8], loop: EventLoop, failed: @escaping @Sendable (String) -> Void) {
        let number = nextNumber()
        let write: @Sendable () -> Void = { [self] in
            guard let failure = store(payload, number: number) else { return }
            loop.schedule(at: .now) { failed(failure) }
        }
        if !DetachedThread.start(write) { write() }
    }

    /// Keeps `payload` now, on the caller's thread: the sign is stopping.
    /// The reason on failure.
    func keepNow(_ payload: [UInt8]) -> String? {
        store(payload, number: nextNumber())
    }

    /// The number of a deck handed in now (internal for tests, which order
    /// the writes themselves).
    func nextNumber() -> UInt64 {
        newest.withLock { newest in
            newest += 1
            return newest
        }
    }

    /// Writes deck `number`; renames it into place only if it is the newest.
    func store(_ payload: [UInt8], number: UInt64) -> String? {
        switch cache.writeTemporary(payload, tag: String(number)) {
        case .failure(let failure):
            return failure.reason
        case .success(let temporary):
            // Renamed under the lock, so the check and the rename are one step.
            return newest.withLock { newest in
                guard newest == number else {
                    cache.discard(temporary)
                    return nil
                }
                return cache.commit(temporary)
            }
        }
    }
}
