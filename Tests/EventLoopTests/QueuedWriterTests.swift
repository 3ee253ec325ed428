import Foundation
import Synchronization
import Testing
@testable import EventLoop

/// A slow reader never holds the loop, and never sees half a record.
@Suite("Queued writer: whole records to a non-blocking descriptor")
struct QueuedWriterTests {
    /// A pipe whose write end does not block; closed by `close()`.
    final class Pipe: Sendable {
        let read: Int32
        let write: Int32
        init() {
            var fds: [Int32] = [0, 0]
            // Close-on-exec: a child spawned meanwhile by a test running
            // beside this one (a tmux server lives on) would otherwise keep
            // the read end open, and closing ours would never end the reader.
            // (pipe2 is not in Swift's Glibc module: set it at once instead.)
            precondition(Glibc.pipe(&fds) == 0)
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            read = fds[0]
            write = fds[1]
            _ = fcntl(write, F_SETFL, fcntl(write, F_GETFL) | O_NONBLOCK)
            _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
        }
        func closeRead() { Glibc.close(read) }
        func closeWrite() { Glibc.close(write) }
        /// Everything readable now.
        func drain() -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = Glibc.read(read, &chunk, chunk.count)
                guard count > 0 else { return bytes }
                bytes += chunk[0..<count]
            }
        }
    }

    /// Runs `body` on the loop's thread and returns its result.
    func onLoop<Value: Sendable>(_ loop: EventLoop, _ body: @escaping @Sendable () -> Value) async -> Value {
        let result = Recorder<Value>()
        loop.schedule(at: .now) { result.append(body()) }
        return await result.wait(for: 1)[0]
    }

    static func record(_ number: Int) -> [UInt8] {
        Array((String(format: "{\"n\":%06d,\"pad\":\"%@\"}", number, String(repeating: "x", count: 200)) + "\n").utf8)
    }

    @Test("a full pipe queues records; once read, every record arrives whole and in order")
    func queuesThenFlushes() async throws {
        signal(SIGPIPE, SIG_IGN)
        let thread = LoopThread()
        let pipe = Pipe()
        let writer = QueuedWriter(fd: pipe.write, loop: thread.loop, limit: 1 << 20)
        // 64 KiB of pipe, 213-byte records: 1,000 of them overflow it.
        let outcomes = await onLoop(thread.loop) { (0..<1000).map { writer.write(Self.record($0)) } }
        #expect(outcomes.prefix(100).allSatisfy { $0 == .written })
        #expect(outcomes.contains(.queued), "the pipe filled up")
        #expect(!outcomes.contains(.dropped) && !outcomes.contains { if case .failed = $0 { true } else { false } })
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(10)
        while bytes.count < 1000 * Self.record(0).count, Date() < deadline {
            bytes += pipe.drain()
            try await Task.sleep(for: .milliseconds(5))
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1000)
        #expect(lines.enumerated().allSatisfy { index, line in line.hasPrefix(String(format: "{\"n\":%06d,", index)) && line.hasSuffix("\"}") })
        #expect(await onLoop(thread.loop) { writer.pendingRecords } == 0)
        #expect(thread.loop.watchCount == 0, "the writable watch ends with the queue")
        pipe.closeRead()
        pipe.closeWrite()
        #expect(thread.finish() == 0)
    }

    @Test("past the limit a record is dropped whole; a reader that leaves loses the queued ones, counted")
    func limitAndLoss() async {
        signal(SIGPIPE, SIG_IGN)
        let thread = LoopThread()
        let pipe = Pipe()
        let writer = QueuedWriter(fd: pipe.write, loop: thread.loop, limit: 10 * Self.record(0).count)
        let losses = Recorder<(Int32, Int)>()
        writer.onLoss = { losses.append(($0, $1)) }
        let outcomes = await onLoop(thread.loop) { (0..<1000).map { writer.write(Self.record($0)) } }
        let queued = outcomes.filter { $0 == .queued }.count
        #expect((10...11).contains(queued), "the limit holds about 10 records (the first, partly written, included): \(queued)")
        #expect(outcomes.last == .dropped)
        pipe.closeRead()
        // Nothing arrives to read: the writable watch reports the closed
        // reader, the flush fails with EPIPE, the queue is given up.
        let loss = await losses.wait(for: 1)
        #expect(loss.first?.0 == EPIPE)
        #expect(loss.first?.1 == queued)
        #expect(await onLoop(thread.loop) { writer.write(Self.record(0)) } == .failed(EPIPE))
        pipe.closeWrite()
        #expect(thread.finish() == 0)
    }

    @Test("at the end, a reader that never reads gets the given time, then the rest counts as lost")
    func finishGivesUp() async {
        let thread = LoopThread()
        let pipe = Pipe()
        let writer = QueuedWriter(fd: pipe.write, loop: thread.loop, limit: 1 << 20)
        let losses = Recorder<(Int32, Int)>()
        writer.onLoss = { losses.append(($0, $1)) }
        let queued = await onLoop(thread.loop) { (0..<500).map { writer.write(Self.record($0)) }.filter { $0 == .queued }.count }
        #expect(queued > 0)
        let start = ContinuousClock.now
        let left = await onLoop(thread.loop) { writer.finish(timeoutMilliseconds: 100) }
        let waited = start.duration(to: .now)
        #expect(left == queued)
        #expect(waited >= .milliseconds(90) && waited < .seconds(5))
        #expect(losses.all.first?.0 == ETIMEDOUT && losses.all.first?.1 == queued)
        #expect(thread.loop.watchCount == 0)
        pipe.closeRead()
        pipe.closeWrite()
        #expect(thread.finish() == 0)
    }
}
