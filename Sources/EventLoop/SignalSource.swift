import CEventLoop
import Glibc
import Synchronization

/// Delivers Unix signals as events of an `EventLoop`: the signals are
/// blocked, so none interrupts anything or runs code in a signal handler,
/// and read from a `signalfd` the loop watches; the handler runs on the
/// loop's thread like any other input.
///
/// ```swift
/// SignalSource.block([SIGINT, SIGTERM])      // first, while single-threaded
/// let source = SignalSource(signals: [SIGINT, SIGTERM], loop: .main) { signo in … }
/// ```
///
/// Pitfalls this type handles:
/// - A signal's disposition must not be `SIG_IGN`: setting it discards the
///   signal if pending, and the kernel drops an ignored signal at once for a
///   thread that does not block it, so it never reaches the signalfd.
///   `block` installs a handler of ours instead (which also keeps ncurses
///   from installing its own: it does so only for signals still at
///   `SIG_DFL`).
/// - The mask is per thread, and a thread starts with its creator's. A
///   process-directed signal goes to any thread that does not block it; if
///   one did (created before `block`, or one that sets its own mask), our
///   handler runs there and forwards the signal through a pipe the source
///   also watches, so it is still delivered. One such thread is
///   libdispatch's main thread after `dispatchMain()`, which waits in
///   `sigsuspend` with an empty mask (the EventLoop fallback).
/// - SIGCONT continues a stopped process whatever the mask; blocked, it then
///   stays pending and is read from the signalfd like the others.
/// - A blocked mask survives `exec`: a child process would start with these
///   signals blocked (ledmarquee starts none).
public final class SignalSource: Sendable {
    private struct Resources {
        var watches: [FDWatch]
        var fds: [Int32]
    }

    private let loop: EventLoop
    private let signals: [Int32]
    private let resources: Mutex<Resources?>

    /// Blocks `signals` in the calling thread and gives each our handler.
    /// Call it while the process has one thread (see `threadsInProcess`), so
    /// that every thread started later inherits the mask. Returns false if
    /// the kernel refused.
    @discardableResult
    public static func block(_ signals: [Int32]) -> Bool {
        // Blocked first: one arriving before the handler is in place stays pending.
        lm_signals_block(signals, Int32(signals.count)) == 0 && lm_signals_install_handler(signals, Int32(signals.count)) == 0
    }

    /// Whether `signal`'s disposition is `SIG_IGN` now (e.g. inherited from
    /// a parent that ignored it: `nohup`, a shell's `trap '' SIG`).
    public static func isIgnored(_ signal: Int32) -> Bool {
        lm_signal_is_ignored(signal) == 1
    }

    /// Threads of this process now (`/proc/self/task`); nil if unreadable.
    public static func threadsInProcess() -> Int? {
        guard let directory = opendir("/proc/self/task") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }

    /// Starts delivering `signals` (already `block`ed) to `handler`, which
    /// runs on the loop's thread, once per signal read (the kernel merges
    /// repeats of one signal still pending). Nil if no signalfd could be made.
    public init?(signals: [Int32], loop: EventLoop = .main, handler: @escaping @Sendable (Int32) -> Void) {
        let signalFD = lm_signalfd_open(signals, Int32(signals.count))
        guard signalFD >= 0 else { return nil }
        var pipeFDs: [Int32] = [-1, -1]
        guard lm_pipe_nonblocking(&pipeFDs) == 0 else {
            close(signalFD)
            return nil
        }
        self.loop = loop
        self.signals = signals
        let readSignals = loop.watch(fd: signalFD) { [loop] _ in
            loop.preconditionInEventLoop()
            while case let signo = lm_signalfd_read(signalFD), signo > 0 { handler(signo) }
        }
        let readForwarded = loop.watch(fd: pipeFDs[0]) { [loop, readFD = pipeFDs[0]] _ in
            loop.preconditionInEventLoop()
            var numbers = [UInt8](repeating: 0, count: 64)
            while case let count = read(readFD, &numbers, numbers.count), count > 0 {
                numbers[0..<count].forEach { handler(Int32($0)) }
            }
        }
        resources = Mutex(Resources(watches: [readSignals, readForwarded], fds: [signalFD] + pipeFDs))
        signals.forEach { lm_signals_forward_to($0, pipeFDs[1]) }
    }

    deinit { stop() }

    /// Stops delivering and closes the descriptors; the signals stay
    /// blocked (a later source reads what arrived meanwhile). Idempotent.
    public func stop() {
        guard let resources = resources.withLock({ resources in
            defer { resources = nil }
            return resources
        }) else { return }
        signals.forEach { lm_signals_forward_to($0, -1) }
        resources.watches.forEach { loop.unwatch($0) }
        resources.fds.forEach { close($0) }
    }
}
