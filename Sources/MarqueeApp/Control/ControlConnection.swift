import EventLoop
import Glibc

/// One client of the ``ControlServer``: reads its request lines as they
/// come, never waiting, answers each through a bounded writer, and closes
/// when the client goes, misbehaves, dawdles over a request, or says
/// nothing for the idle time.
///
/// Back-pressure (docs/control.md, "Limits"): a request is answered only
/// when the client has taken every earlier reply. While a reply waits in
/// memory the connection neither answers nor reads, so a client that
/// writes thousands of requests and reads none fills its own socket and
/// waits; nothing is executed that could not be answered, and what waits
/// for a client is one reply plus what the kernel holds.
final class ControlConnection: @unchecked Sendable {
    let fd: Int32
    private unowned let server: ControlServer
    /// The server's loop and limits, kept here: closing (which the
    /// server's deinit does for each connection) must not read the server,
    /// whose unowned reference traps once its deinit has begun.
    private let loop: EventLoop
    private let limits: ControlServer.Limits
    private let writer: QueuedWriter
    /// Requests answered in one loop turn. Each is reduced and drawn on its
    /// own, so a burst (thousands of lines in one read) waits its turn
    /// behind the frames instead of holding the loop for its whole length.
    static let requestsPerTurn = 2
    /// The pause between two turns of answering (see `pauseUntilNextTurn`).
    static let turnPause = Duration.microseconds(500)

    /// Bytes read: whole lines from `unanswered` on not yet answered, then a
    /// partial line.
    private var buffer: [UInt8] = []
    private var unanswered = 0
    /// Set while answered lines are paused for the next turn (reading then
    /// waits too, so the buffer does not grow behind them).
    private var resumeTimer: LoopTimer?
    /// Set while answering waits for the client to take its replies.
    private var waitingForReader = false
    /// Set while a reply is being made (a snapshot, ``PendingReply``):
    /// nothing more is read or answered until it is sent.
    private var awaitingReply = false
    private var reading: FDWatch?
    private var idleTimer: LoopTimer?
    /// Runs from a request line's first byte to its newline.
    private var requestTimer: LoopTimer?
    /// After `watch`: events-log records are sent here.
    private(set) var watching = false
    /// When it started watching, in the server's order: the oldest
    /// watcher gives way first when the slots run out.
    private(set) var watchOrder = 0
    /// In one of the server's spare slots (``ControlServer/Limits/spare``):
    /// it has `quickSeconds` to send a whole request and to take its reply.
    private(set) var spare: Bool
    /// The client sent its end of file: nothing more is read.
    private var inputEnded = false
    private var closed = false

    init(fd: Int32, server: ControlServer, spare: Bool) {
        self.fd = fd
        self.server = server
        self.spare = spare
        loop = server.loop
        limits = server.limits
        writer = QueuedWriter(fd: fd, loop: server.loop, limit: server.limits.replyBytes)
    }

    func start() {
        writer.onLoss = { [weak self] _, _ in self?.drop() }
        writer.onDrained = { [weak self] in self?.drained() }
        watchReading()
        // A client in a spare slot must have its whole request in at once
        // (its request clock, which says why, stands for the idle one).
        if spare { armRequestTimer() } else { armIdleTimer() }
    }


    private func watchReading() {
        guard reading == nil, !inputEnded, !closed else { return }
        reading = loop.watch(fd: fd) { [weak self] _ in self?.readable() }
        // A line begun before a pause has its time again: the rest may
        // have waited in the socket only because the sign stopped reading.
        if requestTimer == nil, let last = buffer.last, last != UInt8(ascii: "\n") { armRequestTimer() }
    }

    /// Stops reading, and with it the request clock: what the sign does
    /// not read is not the client's delay.
    private func stopReading() {
        if let reading { loop.unwatch(reading) }
        reading = nil
        if !spare { cancelRequestTimer() }
    }

    /// Writes a reply or record; a client too far behind, or gone, is dropped.
    func send(_ bytes: [UInt8]) {
        guard !closed else { return }
        switch writer.write(bytes) {
        case .written, .queued: break
        case .dropped, .failed: drop()
        }
    }

    /// Moves a spare-slot client into an ordinary slot, with the ordinary times.
    func promote() {
        spare = false
        armIdleTimer()
    }

    private func armIdleTimer() {
        if let idleTimer { loop.cancel(idleTimer) }
        idleTimer = nil
        guard !watching else { return }
        let seconds = spare ? limits.quickSeconds : limits.idleSeconds
        idleTimer = loop.schedule(at: .now + .seconds(seconds)) { [weak self] in
            self?.drop()
        }
    }

    private func armRequestTimer() {
        cancelRequestTimer()
        let seconds = spare ? limits.quickSeconds : limits.requestSeconds
        requestTimer = loop.schedule(at: .now + .seconds(seconds)) { [weak self] in
            guard let self else { return }
            self.requestTimer = nil
            self.send(Array(ControlReply.error("request not complete within \(ControlServer.seconds(seconds))").line.utf8))
            self.drop()
        }
    }

    private func cancelRequestTimer() {
        if let requestTimer { loop.cancel(requestTimer) }
        requestTimer = nil
    }

    private func readable() {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        // A bounded amount per turn: a fast client cannot starve the sign.
        for _ in 0..<8 {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
                armIdleTimer()
                timeRequest(chunk[..<count])
                guard handleLines(), reading != nil else { return }
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                return inputEnd()
            }
        }
    }

    /// A request line must be whole within `requestSeconds` of its first
    /// byte: the clock starts with a line's first byte and stops at its
    /// newline, so a client sending a byte now and then cannot hold a slot.
    private func timeRequest(_ bytes: ArraySlice<UInt8>) {
        if let newline = bytes.lastIndex(of: UInt8(ascii: "\n")) {
            if spare { return cancelRequestTimer() }
            if newline == bytes.index(before: bytes.endIndex) { cancelRequestTimer() } else { armRequestTimer() }
        } else if requestTimer == nil {
            armRequestTimer()
        }
    }

    /// End of file (or a reset): a last line without its newline is still
    /// a request; a watcher (`socat`, `nc -N` shut their writing side) goes
    /// on getting records until it closes.
    private func inputEnd() {
        inputEnded = true
        stopReading()
        cancelRequestTimer()
        if let last = buffer.last, last != UInt8(ascii: "\n") { buffer.append(UInt8(ascii: "\n")) }
        finishIfDone()
    }

    /// Answers the whole lines in the buffer, at most `requestsPerTurn`
    /// (the rest in the next turn), and only while the client has taken
    /// every earlier reply; false once the connection closed.
    private func handleLines() -> Bool {
        let limit = limits.requestBytes
        var answered = 0
        while !closed, let newline = buffer[unanswered...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline - unanswered <= limit else { return tooLarge() }
            guard writer.pendingRecords == 0 else {
                waitForReader()
                return true
            }
            guard answered < Self.requestsPerTurn else {
                pauseUntilNextTurn()
                return true
            }
            reply(to: buffer[unanswered..<newline])
            answered += 1
            unanswered = newline + 1
            if awaitingReply { break }
        }
        guard !closed else { return false }
        // Once per read, not per line: a read of thousands of lines stays linear.
        buffer.removeFirst(unanswered)
        unanswered = 0
        return buffer.count <= limit ? true : tooLarge()
    }

    private func pauseUntilNextTurn() {
        stopReading()
        // Not at `.now`: the loop fires the timers that fall due within a
        // turn before it polls again, so a burst would be answered to its
        // end in one turn, the terminal's keys and the other clients
        // waiting behind it. Half a millisecond ends the turn: the next
        // poll serves every ready descriptor first (the keys before any
        // client), and a burst still goes at up to 4,000 requests a second.
        resumeTimer = loop.schedule(at: .now + ControlConnection.turnPause) { [weak self] in self?.resume() }
    }

    /// A reply waits for the client: read and answer nothing more until it
    /// has gone out (``drained()``). The idle time runs meanwhile, so a
    /// client that never reads is closed after it.
    private func waitForReader() {
        stopReading()
        waitingForReader = true
    }

    private func drained() {
        guard !closed else { return }
        if waitingForReader {
            waitingForReader = false
            armIdleTimer()
            resume()
        } else if inputEnded {
            finishIfDone()
        }
    }

    private func resume() {
        resumeTimer = nil
        guard !closed else { return }
        // Working through its requests: the client is not idle.
        armIdleTimer()
        guard handleLines() else { return }
        if resumeTimer == nil, !waitingForReader, !awaitingReply { watchReading() }
        if inputEnded { finishIfDone() }
    }

    /// After the client's end of file: close once every line is answered
    /// and every reply taken, unless it watches.
    private func finishIfDone() {
        guard !closed, inputEnded, !awaitingReply else { return }
        if watching { return watchHangUp() }
        guard !buffer[unanswered...].contains(UInt8(ascii: "\n")) else {
            if resumeTimer == nil, !waitingForReader, !awaitingReply { resume() }
            return
        }
        if writer.pendingRecords == 0 { drop() }
    }

    /// A watcher that shut its writing side (`socat`, `nc -N`) still gets
    /// its records; only its close ends the stream. End of file says
    /// nothing more to read, so the socket is watched for the hang-up alone
    /// (a full close), which `poll` reports whatever is asked.
    private func watchHangUp() {
        guard reading == nil else { return }
        reading = loop.watch(fd: fd, interest: []) { [weak self] events in
            if !events.isDisjoint(with: [.hangUp, .error]) { self?.drop() }
        }
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
        var reply = server.answer(Array(trimmed))
        if case .pending(let later) = reply {
            awaitingReply = true
            stopReading()
            // The client waits for the sign now: its idle time starts
            // again when the reply is sent.
            if let idleTimer { loop.cancel(idleTimer) }
            idleTimer = nil
            later.whenDone { [weak self] reply in self?.deliver(reply) }
            return
        }
        if reply == .watch, !watching, !server.admitWatcher(self) {
            reply = .error(server.fullMessage)
        }
        send(Array(reply.line.utf8))
        guard !closed else { return }
        if reply == .watch, !watching {
            watching = true
            watchOrder = server.nextWatchOrder()
            armIdleTimer()
        } else if spare {
            // Answered: it has the quick time again to take the reply, or to ask more.
            armIdleTimer()
        }
    }

    /// A reply that was being made (a snapshot) has come: it is sent, and
    /// the requests after it are answered in the loop's next turn (never
    /// inside the answering that asked for it).
    private func deliver(_ reply: ControlReply) {
        guard !closed, awaitingReply else { return }
        awaitingReply = false
        send(Array(reply.line.utf8))
        guard !closed else { return }
        armIdleTimer()
        resumeTimer = loop.schedule(at: .now) { [weak self] in self?.resume() }
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
        stopReading()
        if let idleTimer { loop.cancel(idleTimer) }
        idleTimer = nil
        cancelRequestTimer()
        if let resumeTimer { loop.cancel(resumeTimer) }
        resumeTimer = nil
        writer.onLoss = nil
        writer.onDrained = nil
        // The writer's own watch goes with it; the descriptor after.
        writer.finish(timeoutMilliseconds: 0)
        Glibc.close(fd)
    }
}
