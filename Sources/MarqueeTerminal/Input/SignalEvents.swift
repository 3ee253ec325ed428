import EventLoop
import Glibc

/// The player's signals as events of the `EventLoop` (a `SignalSource`:
/// blocked, read from a signalfd), so they are handled on the loop's thread
/// like any other input and never run code inside a signal handler.
public enum SignalEvents {
    static let table: [(Int32, TerminalSignal)] = [
        (SIGINT, .interrupt), (SIGTERM, .terminate), (SIGHUP, .hangup), (SIGQUIT, .quit),
        (SIGWINCH, .resize), (SIGTSTP, .suspend), (SIGCONT, .resume),
    ]

    /// Blocks the player's signals and gives them our handler. Must run
    /// before ncurses starts (ncurses installs its own handlers only for
    /// signals still at their default, and we want none) and while the
    /// process has one thread, so that no thread can take them: every
    /// thread started later inherits the mask (`SignalSource.block`).
    /// Debug builds check that there is one thread (in the dispatch
    /// fallback there are more, each blocking signals on its own: the
    /// loop's poll thread, libdispatch's workers; its main thread forwards
    /// what it takes, see `SignalSource`).
    public static func block() {
        assert(EventLoop.main.usesDispatchFallback || SignalSource.threadsInProcess() ?? 1 == 1,
               "signals blocked after a second thread started")
        SignalSource.block(table.map(\.0))
    }

    /// Delivers the signals blocked by `block` to `handler`, on `loop`'s
    /// thread; nil if the kernel gave no signalfd. Keep it until done, then `stop()`.
    public static func watch(on loop: EventLoop = .main,
                             _ handler: @escaping @Sendable (TerminalSignal) -> Void) -> SignalSource? {
        let table = Self.table
        return SignalSource(signals: table.map(\.0), loop: loop) { signo in
            if let event = table.first(where: { $0.0 == signo })?.1 { handler(event) }
        }
    }

    /// The signal number of `signal`, for ending the process by it.
    public static func number(of signal: TerminalSignal) -> Int32? {
        table.first { $0.1 == signal }?.0
    }

    /// Stops this process the way Ctrl-Z would (after the terminal has been
    /// restored); execution continues here after `fg`.
    public static func stopSelf() {
        kill(getpid(), SIGSTOP)
    }
}
