import EventLoop
import Glibc

/// The player's signals as events of the `EventLoop` (a `SignalSource`:
/// blocked, read from a signalfd), so they are handled on the loop's thread
/// like any other input and never run code inside a signal handler.
public enum SignalEvents {
    /// The signals with a meaning of their own: always watched, even when
    /// the process started with one of them ignored (a sign that cannot be
    /// stopped or resized would be worse than one that ignores `nohup`).
    static let own: [(Int32, TerminalSignal)] = [
        (SIGINT, .interrupt), (SIGTERM, .terminate), (SIGHUP, .hangup), (SIGQUIT, .quit),
        (SIGWINCH, .resize), (SIGTSTP, .suspend), (SIGCONT, .resume),
    ]

    /// Every other asynchronous signal whose default action ends the
    /// process (signal(7)): left at its default, it would end the sign with
    /// the terminal in sign mode, the socket file behind and no `quit`.
    /// Taken on the loop, each ends the player as SIGTERM does, then the
    /// process dies of it. Not here: SIGXFSZ (ignored, see `block`), SIGPIPE
    /// (ignored from the start, `Program`), SIGKILL and
    /// SIGSTOP (cannot be caught), and the faults (SIGSEGV, SIGBUS, SIGILL,
    /// SIGTRAP, SIGFPE, SIGABRT, SIGSYS), which the kernel delivers to the
    /// faulting thread even when blocked: the crash guard's (CCrashGuard.h).
    static var ending: [Int32] {
        [SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGXCPU]
            + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    }

    /// What `block` blocked and `watch` reads: the own signals, SIGUSR1, and
    /// the ending ones, less those the process started with ignored (their
    /// default action was not going to end it: a parent chose so). Taken
    /// once, at the first use, which is `block`, before anything changes a
    /// disposition.
    static let table: [(Int32, TerminalSignal)] = own
        + ([(SIGUSR1, .reopenLog)] + ending.map { ($0, TerminalSignal.ending($0)) }).filter { !SignalSource.isIgnored($0.0) }

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
        // A write past `ulimit -f` then fails with EFBIG, which the events
        // log reports like a full disk (docs/events-log.md), instead of the
        // signal ending the sign in the middle of a frame.
        signal(SIGXFSZ, SIG_IGN)
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
        if case .ending(let number) = signal { return number }
        return table.first { $0.1 == signal }?.0
    }

    /// Stops this process the way Ctrl-Z would (after the terminal has been
    /// restored); execution continues here after `fg`.
    public static func stopSelf() {
        kill(getpid(), SIGSTOP)
    }
}
