import EventLoop
import Glibc

/// Runs libmosquitto's blocking connect (a name lookup, a TCP connect that
/// may take a minute to fail) on a thread of its own, so the event loop
/// never waits on it, and hands the outcome back to the loop through a
/// pipe it watches (docs/fleet.md). The thread lives only for the one
/// call; while it runs, nobody else touches the client.
///
/// Used on the loop's thread, except the job itself.
final class BrokerConnector: @unchecked Sendable {
    /// What one connect call returned.
    struct Outcome: Sendable {
        let code: Int32
        /// `errno` just after the call, for `MOSQ_ERR_ERRNO`.
        let savedErrno: Int32
    }

    private let loop: EventLoop
    private let readEnd: Int32
    private let writeEnd: Int32
    private var watch: FDWatch?
    private var pending: ((Outcome) -> Void)?
    /// A connect call is running on its thread.
    private(set) var busy = false

    /// Nil when no pipe can be made (out of descriptors).
    init?(loop: EventLoop) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        // Before any thread of ours could exec; nothing here ever does.
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        self.loop = loop
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if let watch { loop.unwatch(watch) }
        close(readEnd)
        // A thread still connecting will write to it: left open, that write
        // fails with EPIPE (SIGPIPE is ignored), where a closed number
        // might already belong to another descriptor.
        if !busy { close(writeEnd) }
    }

    /// Runs `call` on a new thread; `done` gets its outcome on the loop.
    /// False when no thread could be started (the caller retries later).
    func start(_ call: @escaping @Sendable () -> Int32, done: @escaping (Outcome) -> Void) -> Bool {
        guard !busy else { return false }
        if watch == nil { watch = loop.watch(fd: readEnd) { [weak self] _ in self?.collect() } }
        let job = Job(call: call, writeEnd: writeEnd)
        guard DetachedThread.start({ job.run() }) else { return false }
        busy = true
        pending = done
        return true
    }

    /// Reads the outcome the thread wrote (8 bytes, one write, so whole).
    private func collect() {
        var words: [Int32] = [0, 0]
        let count = words.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
        guard count == 8 else { return }
        busy = false
        let done = pending
        pending = nil
        done?(Outcome(code: words[0], savedErrno: words[1]))
    }

    /// The thread's work: the call, then its outcome into the pipe.
    private final class Job: @unchecked Sendable {
        let call: @Sendable () -> Int32
        let writeEnd: Int32

        init(call: @escaping @Sendable () -> Int32, writeEnd: Int32) {
            self.call = call
            self.writeEnd = writeEnd
        }

        func run() {
            let code = call()
            var words: [Int32] = [code, errno]
            _ = words.withUnsafeMutableBytes { write(writeEnd, $0.baseAddress!, $0.count) }
        }
    }
}
