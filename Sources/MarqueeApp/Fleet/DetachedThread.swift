import Glibc

/// A plain thread for one job of the fleet's that must not run on the
/// event loop (a blocking connect, the reading of a deck): started
/// detached, it ends with `body`. Not a libdispatch queue: the first pool
/// worker would start libdispatch's pool monitor for the rest of the
/// process (`EventLoop`). It inherits the starting thread's signal mask,
/// so the player's signals stay blocked on it (`SignalEvents.block`).
enum DetachedThread {
    /// Whether the thread started; if not, `errno` says why.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            // pthread_create returns its error instead of setting errno.
            errno = started
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// The closure, as the object pthread_create's one pointer can carry.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
