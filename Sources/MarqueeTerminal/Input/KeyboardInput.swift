import EventLoop
import Glibc
import MarqueeCore
import Synchronization

/// Reads key presses from the terminal as input of an `EventLoop`: the loop
/// watches the tty descriptor, and each time it is readable one `read`
/// feeds a `KeyDecoder` and the keys go to `onKey`, on the loop's thread
/// (the main actor on `EventLoop.main`), so no thread of its own waits for
/// keys and the terminal is only ever touched from one thread.
///
/// The descriptor is left blocking on purpose: fd 0 usually shares its open
/// file description with stdout, where O_NONBLOCK would make the frames' writes
/// fail with EAGAIN. A read after poll saw it readable does not block in
/// cbreak mode (VMIN 1), and a spurious EAGAIN or EINTR is retried on the
/// next turn.
public final class KeyboardInput: Sendable {
    /// How long a lone ESC waits for the rest of an arrow-key sequence.
    static let escapeDelay: Duration = .milliseconds(40)

    private struct State {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        /// Flushes a lone ESC when nothing follows it in time.
        var escapeTimer: LoopTimer?
        /// Nil once stopped.
        var watch: FDWatch?
    }

    private let fd: Int32
    private let loop: EventLoop
    private let onKey: @Sendable (Key) -> Void
    private let onEnd: @Sendable () -> Void
    private let state = Mutex(State())

    /// Reads keys from `fd` until `stop()` or the end of input: end of file,
    /// a read error or a hang-up, which call `onEnd` once (reading has
    /// stopped by then). The loop keeps this reader alive until then. Both
    /// callbacks run on `loop`'s thread, inside a loop turn.
    public init(fd: Int32, loop: EventLoop = .main, onKey: @escaping @Sendable (Key) -> Void,
                onEnd: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.loop = loop
        self.onKey = onKey
        self.onEnd = onEnd
        let watch = loop.watch(fd: fd) { [self] events in ready(events) }
        state.withLock { $0.watch = watch }
    }

    /// Stops reading (from any thread); `onEnd` is not called. Idempotent.
    public func stop() {
        let (watch, timer) = state.withLock { state in
            defer {
                state.watch = nil
                state.escapeTimer = nil
            }
            return (state.watch, state.escapeTimer)
        }
        if let watch { loop.unwatch(watch) }
        if let timer { loop.cancel(timer) }
    }

    private func ready(_ events: FDEvents) {
        loop.preconditionInEventLoop()
        var keys: [Key] = []
        var ended = false
        state.withLock { state in
            guard state.watch != nil else { return }
            // Only a hang-up or an error: nothing to read, and a read might block.
            guard events.contains(.readable) else {
                keys = state.decoder.flush()
                ended = true
                return
            }
            let count = state.buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            let failure = errno
            if count < 0, failure == EINTR || failure == EAGAIN { return }
            if let timer = state.escapeTimer {
                loop.cancel(timer)
                state.escapeTimer = nil
            }
            guard count > 0 else {
                keys = state.decoder.flush()
                ended = true
                return
            }
            keys = state.decoder.feed(state.buffer[0..<count])
            if state.decoder.hasPending {
                state.escapeTimer = loop.schedule(at: .now + Self.escapeDelay) { [self] in flushEscape() }
            }
        }
        // Outside the lock: a callback may stop this reader.
        keys.forEach(onKey)
        if ended {
            stop()
            onEnd()
        }
    }

    /// Nothing followed the ESC in time: it is the Esc key.
    private func flushEscape() {
        loop.assertInEventLoop()
        let keys = state.withLock { state -> [Key] in
            guard state.watch != nil else { return [] }
            state.escapeTimer = nil
            return state.decoder.flush()
        }
        keys.forEach(onKey)
    }
}
