import Glibc

/// Writes whole records (lines) to a non-blocking descriptor without ever
/// waiting for it. What a slow reader has no room for waits in memory, up
/// to `limit` bytes, and goes out when the loop sees the descriptor
/// writable; a record that would pass the bound is dropped whole, never cut.
/// So a pipe or FIFO whose reader stalls cannot stop the loop (the events
/// log, a client of a socket), and a reader that never sees a half record.
///
/// ```swift
/// let writer = QueuedWriter(fd: fd, loop: .main, limit: 1 << 20)
/// writer.onLoss = { code, records in … }   // records a later write lost
/// _ = writer.write(Array("{\"event\":\"quit\"}\n".utf8))
/// ```
///
/// Used on the loop's thread only (asserted in debug builds once anything
/// queues; a writer that never queues may be used from any one thread, as
/// before the loop runs); the fd must
/// have O_NONBLOCK set (regular files ignore it: their writes never wait on
/// a reader).
public final class QueuedWriter: @unchecked Sendable {
    /// What became of one record.
    public enum Outcome: Equatable, Sendable {
        /// All of it went out now.
        case written
        /// It waits (whole or in part) for the descriptor to take it.
        case queued
        /// Queuing it would pass the limit: it was not written at all.
        case dropped
        /// The write failed with this errno (EPIPE, ENOSPC, EIO, …).
        case failed(Int32)
    }

    private let fd: Int32
    private let loop: EventLoop
    /// Bytes that may wait in memory.
    public let limit: Int
    /// Records waiting; the first may be partly written (`offset`).
    private var queue: [[UInt8]] = []
    private var offset = 0
    private var queuedBytes = 0
    private var watch: FDWatch?
    /// Called when records already queued are lost (a write failed while
    /// flushing, or `finish` gave up): the errno and how many records.
    public var onLoss: ((Int32, Int) -> Void)?
    /// Called when the last queued record has gone out: a producer that
    /// waits for its reader (back-pressure) goes on from here.
    public var onDrained: (() -> Void)?

    public init(fd: Int32, loop: EventLoop, limit: Int) {
        self.fd = fd
        self.loop = loop
        self.limit = limit
    }

    deinit {
        if let watch { loop.unwatch(watch) }
    }

    /// Records waiting to be written.
    public var pendingRecords: Int { queue.count }

    /// Writes `record` now if the descriptor takes it, else queues it.
    /// Records keep their order: while any waits, a new one queues behind it.
    public func write(_ record: [UInt8]) -> Outcome {
        if queue.isEmpty {
            switch writeSome(record, from: 0) {
            case .failure(let error):
                return .failed(error.code)
            case .success(let count) where count == record.count:
                return .written
            case .success(let count):
                // Part went out: the rest must follow, or the reader sees half a line.
                enqueue(record, offset: count)
                return .queued
            }
        }
        guard queuedBytes + record.count <= limit else { return .dropped }
        enqueue(record, offset: 0)
        return .queued
    }

    /// Writes what is queued, waiting at most `timeout` milliseconds in all
    /// for the reader (at exit: the last records deserve a short chance);
    /// returns the records still unwritten, which are then given up and
    /// reported to `onLoss` with `ETIMEDOUT`.
    @discardableResult
    public func finish(timeoutMilliseconds: Int32) -> Int {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let deadline = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000 + Int64(timeoutMilliseconds)
        while !queue.isEmpty {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - (Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000)
            guard left > 0 else { break }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, Int32(left))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            flush()
        }
        let left = queue.count
        if left > 0 { give(up: ETIMEDOUT) }
        stopWatching()
        return left
    }

    private func enqueue(_ record: [UInt8], offset start: Int) {
        // The queue is flushed by a watch of the loop: from here on, only
        // the loop's thread may touch it.
        loop.assertInEventLoop()
        if queue.isEmpty { offset = start }
        queue.append(record)
        queuedBytes += record.count - start
        guard watch == nil else { return }
        watch = loop.watch(fd: fd, interest: .writable) { [weak self] _ in self?.flush() }
    }

    /// Writes queued records until the descriptor is full or the queue empty.
    private func flush() {
        while let first = queue.first {
            switch writeSome(first, from: offset) {
            case .failure(let error):
                give(up: error.code)
                return
            case .success(let count):
                offset += count
                queuedBytes -= count
                guard offset == first.count else { return }
                queue.removeFirst()
                offset = 0
            }
        }
        stopWatching()
        onDrained?()
    }

    /// Drops every queued record, reporting them lost.
    private func give(up code: Int32) {
        let lost = queue.count
        queue.removeAll()
        offset = 0
        queuedBytes = 0
        stopWatching()
        if lost > 0 { onLoss?(code, lost) }
    }

    private func stopWatching() {
        if let watch { loop.unwatch(watch) }
        watch = nil
    }

    /// Bytes written from `start` (0 when the descriptor is full), or the
    /// errno of a failure; retries an interrupted write.
    private func writeSome(_ bytes: [UInt8], from start: Int) -> Result<Int, WriteError> {
        var done = start
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if count > 0 {
                done += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else {
                return .failure(WriteError(code: count < 0 ? errno : EIO))
            }
        }
        return .success(done - start)
    }
}

/// A failed `write(2)`: its errno.
private struct WriteError: Error {
    let code: Int32
}
