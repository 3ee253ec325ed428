import Glibc

/// Threads started for feeds never take the player's signals. The player
/// blocks its signals once, while the process has one thread, and every
/// later thread inherits that mask (`SignalEvents.block`); but a feed may
/// be fetched before that, when the sign has nothing to show until its
/// first copy arrives, and libcurl's threaded resolver starts a thread per
/// name lookup from inside its calls. So every call that may start a
/// thread (libcurl's, the cache writer's) runs with all signals blocked on
/// the calling thread, and a thread it starts inherits that: a SIGINT or
/// SIGTERM is always taken by the loop's thread, whose handler gives the
/// terminal back.
enum FeedSignals {
    static func withAllBlocked<T>(_ body: () -> T) -> T {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
