import Dispatch
import Foundation
import Synchronization
import Testing
@testable import EventLoop

/// What epoll does not do as poll did, and the loop makes up for: a
/// descriptor watched twice, a regular file (epoll refuses it; poll calls it
/// always ready) and a descriptor that is not open.
@Suite("Event loop on epoll: descriptors epoll treats differently from poll")
struct EpollWatchTests {
    @Test("one descriptor watched twice, for reading and for writing, reaches both handlers")
    func sameDescriptorTwice() async {
        let thread = LoopThread()
        let loop = thread.loop
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { fds.forEach { close($0) } }
        let readable = Recorder<FDEvents>(), writable = Recorder<FDEvents>()
        let fd = fds[0]
        let reading = loop.watch(fd: fd) { events in
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
            readable.append(events)
        }
        let writing = loop.watch(fd: fd, interest: .writable) { events in writable.append(events) }
        // Room to write at once; the writing watch is then dropped so it
        // does not report on every turn.
        #expect(await writable.wait(for: 1).first?.contains(.writable) == true)
        loop.unwatch(writing)
        var byte: UInt8 = 7
        #expect(write(fds[1], &byte, 1) == 1)
        #expect(await readable.wait(for: 1).first?.contains(.readable) == true)
        loop.unwatch(reading)
        #expect(loop.watchCount == 0)
        #expect(thread.finish() == 0)
    }

    @Test("a regular file is always readable, as poll reports it, until unwatched")
    func regularFile() async throws {
        let thread = LoopThread()
        let loop = thread.loop
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("epoll-\(getpid())-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        defer {
            close(fd)
            unlink(path)
        }
        let record = Recorder<FDEvents>()
        // Unwatched by the handler itself once it has seen three reports and
        // knows its token (the first calls may come before `watch` returns).
        let token = Mutex<FDWatch?>(nil)
        let unwatched = Mutex(false)
        let watch = loop.watch(fd: fd) { events in
            record.append(events)
            guard record.all.count >= 3, let watch = token.withLock({ $0 }) else { return }
            loop.unwatch(watch)
            unwatched.withLock { $0 = true }
        }
        token.withLock { $0 = watch }
        let events = await record.wait(for: 3)
        #expect(events.count >= 3 && events.allSatisfy { $0.contains(.readable) })
        let deadline = ContinuousClock.now + .seconds(5)
        while !unwatched.withLock({ $0 }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(unwatched.withLock { $0 })
        let seen = record.all.count
        try await Task.sleep(for: .milliseconds(50))
        #expect(record.all.count == seen, "nothing after the unwatch")
        let turns = loop.turns
        try await Task.sleep(for: .milliseconds(100))
        #expect(loop.turns == turns, "the loop kept turning after the file was unwatched")
        #expect(thread.finish() == 0)
    }

    @Test("a descriptor that is not open reports an error once and is dropped")
    func invalidDescriptor() async throws {
        let thread = LoopThread()
        let loop = thread.loop
        // One past the highest descriptor the process may open: never open,
        // whatever other tests open meanwhile (a number closed just before
        // could be taken again by one of them).
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        let fd = Int32(clamping: limit.rlim_cur)
        let record = Recorder<FDEvents>()
        _ = loop.watch(fd: fd) { events in record.append(events) }
        #expect(await record.wait(for: 1).first?.contains(.error) == true)
        try await Task.sleep(for: .milliseconds(50))
        #expect(record.all.count == 1)
        #expect(loop.watchCount == 0)
        #expect(thread.finish() == 0)
    }

    @Test("descriptors ready in one wait are handled in the order they were first watched, not the order they became ready")
    func handlerOrder() async throws {
        let thread = LoopThread()
        let loop = thread.loop
        var first: [Int32] = [-1, -1], second: [Int32] = [-1, -1]
        #expect(pipe(&first) == 0 && pipe(&second) == 0)
        defer { (first + second).forEach { close($0) } }
        let order = Recorder<String>()
        let (a, b) = (first[0], second[0])
        let watchA = loop.watch(fd: a) { _ in
            var byte: UInt8 = 0
            _ = read(a, &byte, 1)
            order.append("first watched")
        }
        let watchB = loop.watch(fd: b) { _ in
            var byte: UInt8 = 0
            _ = read(b, &byte, 1)
            order.append("second watched")
        }
        // The loop is held in a timer callback while the second, then the
        // first, become ready: its next wait finds both.
        let held = Recorder<Bool>()
        let release = DispatchSemaphore(value: 0)
        loop.schedule(at: .now) {
            held.append(true)
            release.wait()
        }
        await held.wait(for: 1)
        var byte: UInt8 = 1
        #expect(write(second[1], &byte, 1) == 1)
        #expect(write(first[1], &byte, 1) == 1)
        release.signal()
        #expect(await order.wait(for: 2) == ["first watched", "second watched"])
        loop.unwatch(watchA)
        loop.unwatch(watchB)
        #expect(thread.finish() == 0)
    }
}
