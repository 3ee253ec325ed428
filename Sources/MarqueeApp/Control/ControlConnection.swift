import EventLoop
import Glibc

/// One client of the ``ControlServer``: reads its request lines as they
/// come, never waiting, answers each through a bounded writer, and closes
/// when the client goes, misbehaves, or says nothing for the idle time.
final class ControlConnection: @unchecked Sendable {
    let fd: Int32
    private unowned let server: ControlServer
    private let writer: QueuedWriter
    /// Requests answered in one loop turn. Each is reduced and drawn on its
    /// own, so a burst (thousands of lines in one read) waits its turn
    /// behind the frames instead of holding the loop for its whole length.
    static let requestsPerTurn = 2

    /// Bytes read: whole lines from `unanswered` on not yet answered, then a
    /// partial line.
    private var buffer: [UInt8] = []
    private var unanswered = 0
    /// Set while answered lines are paused for the next turn (reading then
    /// waits too, so the buffer does not grow behind them).
    private var resumeTimer: LoopTimer?
    private var reading: FDWatch?
    private var idleTimer: LoopTimer?
    /// After `watch`: events-log records are sent here.
    private(set) var watching = false
    private var closed = false

    init(fd: Int32, server: ControlServer) {
        self.fd = fd
        self.server = server
        writer = QueuedWriter(fd: fd, loop: server.loop, limit: server.limits.replyBytes)
    }

    func start() {
        writer.onLoss = { [weak self] _, _ in self?.drop() }
        watchReading()
        armIdleTimer()
    }

    private func watchReading() {
        reading = server.loop.watch(fd: fd) { [weak self] _ in self?.readable() }
    }

    /// Writes a reply or record; a client too far behind, or gone, is dropped.
    func send(_ bytes: [UInt8]) {
        guard !closed else { return }
        switch writer.write(bytes) {
        case .written, .queued: break
        case .dropped, .failed: drop()
        }
    }

    private func armIdleTimer() {
        if let idleTimer { server.loop.cancel(idleTimer) }
        idleTimer = nil
        guard !watching else { return }
        idleTimer = server.loop.schedule(at: .now + .seconds(server.limits.idleSeconds)) { [weak self] in
            self?.drop()
        }
    }

    private func readable() {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        // A bounded amount per turn: a fast client cannot starve the sign.
        for _ in 0..<8 {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
                armIdleTimer()
                guard handleLines(), resumeTimer == nil else { return }
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                // End of file (or a reset): a last line without its
                // newline is still a request.
                if !buffer.isEmpty {
                    let line = buffer
                    buffer = []
                    reply(to: line[...])
                }
                finishAfterReplies()
                return
            }
        }
    }

    /// Answers the whole lines in the buffer, at most `requestsPerTurn`
    /// (the rest in the next turn); false once the connection closed.
    private func handleLines() -> Bool {
        let limit = server.limits.requestBytes
        var answered = 0
        while !closed, let newline = buffer[unanswered...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline - unanswered <= limit else { return tooLarge() }
            guard answered < Self.requestsPerTurn else {
                pauseUntilNextTurn()
                return true
            }
            reply(to: buffer[unanswered..<newline])
            answered += 1
            unanswered = newline + 1
        }
        guard !closed else { return false }
        // Once per read, not per line: a read of thousands of lines stays linear.
        buffer.removeFirst(unanswered)
        unanswered = 0
        return buffer.count <= limit ? true : tooLarge()
    }

    private func pauseUntilNextTurn() {
        if let reading { server.loop.unwatch(reading) }
        reading = nil
        resumeTimer = server.loop.schedule(at: .now) { [weak self] in self?.resume() }
    }

    private func resume() {
        resumeTimer = nil
        guard !closed, handleLines(), resumeTimer == nil else { return }
        watchReading()
    }

    private func tooLarge() -> Bool {
        send(Array(ControlReply.error("request larger than 64 KiB").line.utf8))
        drop()
        return false
    }

    private func reply(to line: ArraySlice<UInt8>) {
        // A blank line (or a CRLF's CR) asks nothing.
        let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        guard !trimmed.isEmpty else { return }
        let reply = server.answer(Array(trimmed))
        send(Array(reply.line.utf8))
        if reply == .watch, !closed {
            watching = true
            armIdleTimer()
        }
    }

    /// The client has said all it will: close once its replies are out,
    /// or after the idle time if it does not take them.
    private func finishAfterReplies() {
        if let reading { server.loop.unwatch(reading) }
        reading = nil
        guard writer.pendingRecords > 0 else { return drop() }
        watching = false
        armIdleTimer()
    }

    /// Closes and forgets the connection.
    func drop() {
        guard !closed else { return }
        close()
        server.remove(self)
    }

    /// Closes the socket and stops every watch and timer (the server forgets it).
    func close() {
        guard !closed else { return }
        closed = true
        if let reading { server.loop.unwatch(reading) }
        reading = nil
        if let idleTimer { server.loop.cancel(idleTimer) }
        idleTimer = nil
        if let resumeTimer { server.loop.cancel(resumeTimer) }
        resumeTimer = nil
        writer.onLoss = nil
        // The writer's own watch goes with it; the descriptor after.
        writer.finish(timeoutMilliseconds: 0)
        Glibc.close(fd)
    }
}
