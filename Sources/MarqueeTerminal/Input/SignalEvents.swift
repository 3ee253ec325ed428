import Dispatch
import Glibc

/// The Unix signals the player reacts to.
public enum TerminalSignal: Sendable, Equatable {
    case interrupt, terminate, hangup, resize, suspend, resume
    /// SIGQUIT (Ctrl-\): a quit like Ctrl-C. Without a handler of ours the
    /// Swift runtime takes it for a crash and shows its crash report.
    case quit
}

/// Turns signals into an `AsyncStream` (DispatchSource per signal, as in
/// swift-service-lifecycle), so they are handled on the main actor like any
/// other event and never run code inside a signal handler.
public enum SignalEvents {
    /// Must be called before ncurses starts: ncurses installs its own
    /// handlers only for signals still at their default, and we want none.
    public static func stream() -> AsyncStream<TerminalSignal> {
        let table: [(Int32, TerminalSignal)] = [
            (SIGINT, .interrupt), (SIGTERM, .terminate), (SIGHUP, .hangup), (SIGQUIT, .quit),
            (SIGWINCH, .resize), (SIGTSTP, .suspend), (SIGCONT, .resume),
        ]
        return AsyncStream { continuation in
            let queue = DispatchQueue(label: "ledmarquee.signals")
            let sources = table.map { number, event in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { continuation.yield(event) }
                source.resume()
                return source
            }
            let keepAlive = SignalSourceBox(sources: sources)
            continuation.onTermination = { _ in keepAlive.cancel() }
        }
    }

    /// Stops this process the way Ctrl-Z would (after the terminal has been
    /// restored); execution continues here after `fg`.
    public static func stopSelf() {
        kill(getpid(), SIGSTOP)
    }
}

/// Keeps the dispatch sources alive as long as the stream is.
private final class SignalSourceBox: @unchecked Sendable {
    // Only touched at creation and in `cancel`, which the stream calls once.
    private let sources: [any DispatchSourceSignal]
    init(sources: [any DispatchSourceSignal]) { self.sources = sources }
    func cancel() { sources.forEach { $0.cancel() } }
}
