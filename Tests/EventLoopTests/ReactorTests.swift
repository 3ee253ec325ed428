import Foundation
import Synchronization
import Testing
@testable import EventLoop

@Suite("Event loop as a reactor: callback timers, watched descriptors, signals")
struct ReactorTests {
    @Test("callback timers run in deadline order, on the loop's thread, inside the loop")
    func timersInOrder() async {
        let thread = LoopThread()
        let record = Recorder<(Int, Bool, Bool)>()
        let loop = thread.loop
        let now = ContinuousClock.now
        for milliseconds in [30, 10, 20] {
            loop.schedule(at: now + .milliseconds(milliseconds)) {
                record.append((milliseconds, thread.isLoopThread(pthread_self()), loop.inEventLoop))
            }
        }
        let values = await record.wait(for: 3)
        #expect(values.map(\.0) == [10, 20, 30])
        #expect(values.allSatisfy { $0.1 && $0.2 })
        #expect(thread.finish() == 0)
    }

    @Test("a timer cancelled by another due in the same turn does not run")
    func cancelInsideHandler() async {
        let thread = LoopThread()
        let loop = thread.loop
        let record = Recorder<String>()
        let deadline = ContinuousClock.now + .milliseconds(20)
        let victim = Mutex<LoopTimer?>(nil)
        loop.schedule(at: deadline) {
            if let timer = victim.withLock({ $0 }) { loop.cancel(timer) }
            record.append("first")
        }
        victim.withLock { $0 = loop.schedule(at: deadline) { record.append("second") } }
        loop.schedule(at: deadline + .milliseconds(30)) { record.append("last") }
        #expect(await record.wait(for: 2) == ["first", "last"])
        #expect(loop.timerCount == 0)
        #expect(thread.finish() == 0)
    }

    @Test("a cancelled timer does not wake the loop at its old deadline")
    func noStaleWakeUp() async throws {
        let thread = LoopThread()
        let loop = thread.loop
        let ran = Recorder<Bool>()
        let deadline = ContinuousClock.now + .milliseconds(300)
        // Earliest, then cancelled: each wakes the loop once (to arm, to
        // disarm); after that nothing may, the old deadline included.
        let timer = loop.schedule(at: deadline) { ran.append(true) }
        loop.cancel(timer)
        var turns = -1
        while turns != loop.turns {
            turns = loop.turns
            try await Task.sleep(for: .milliseconds(100))
        }
        let arms = loop.arms
        try await Task.sleep(until: deadline + .milliseconds(200), clock: .continuous)
        #expect(loop.turns == turns, "the loop woke \(loop.turns - turns) times with nothing to do")
        #expect(loop.arms == arms)
        #expect(ran.all.isEmpty, "the cancelled timer ran")
        #expect(loop.storedTimerCount == 0, "the cancelled entry was dropped")
        #expect(thread.finish() == 0)
    }

    @Test("a watched pipe's handler runs on the loop's thread when written; unwatching inside the handler stops it")
    func watchPipe() async throws {
        let thread = LoopThread()
        let loop = thread.loop
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { fds.forEach { close($0) } }
        let record = Recorder<(UInt8, FDEvents, Bool)>()
        let token = Mutex<FDWatch?>(nil)
        let readFD = fds[0]
        let watch = loop.watch(fd: readFD) { events in
                var byte: UInt8 = 0
                _ = read(readFD, &byte, 1)
                record.append((byte, events, loop.inEventLoop && thread.isLoopThread(pthread_self())))
                if byte == 2, let watch = token.withLock({ $0 }) { loop.unwatch(watch) }
        }
        token.withLock { $0 = watch }
        for byte: UInt8 in [1, 2] {
            var value = byte
            #expect(write(fds[1], &value, 1) == 1)
            await record.wait(for: Int(byte))
        }
        var three: UInt8 = 3
        #expect(write(fds[1], &three, 1) == 1)
        try await Task.sleep(for: .milliseconds(100))
        let values = record.all
        #expect(values.map(\.0) == [1, 2], "nothing after the unwatch")
        #expect(values.allSatisfy { $0.1.contains(.readable) && $0.2 })
        #expect(loop.watchCount == 0)
        #expect(thread.finish() == 0)
    }

    @Test("closing a pipe's write end reports a hang-up")
    func hangUp() async {
        let thread = LoopThread()
        let loop = thread.loop
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        let record = Recorder<FDEvents>()
        let watch = loop.watch(fd: fds[0]) { events in record.append(events) }
        close(fds[1])
        let events = await record.wait(for: 1)
        #expect(events.first?.contains(.hangUp) == true)
        loop.unwatch(watch)
        close(fds[0])
        #expect(thread.finish() == 0)
    }

    @Test("inEventLoop is true in loop work and false elsewhere")
    func inEventLoop() async throws {
        let thread = LoopThread()
        let loop = thread.loop
        #expect(!loop.inEventLoop, "the test's thread")
        #expect(!EventLoop().inEventLoop, "a loop that is not running")
        let inJob = await Task(executorPreference: loop) { loop.inEventLoop }.value
        #expect(inJob)
        let record = Recorder<Bool>()
        loop.schedule(at: .now) {
            loop.assertInEventLoop()
            loop.preconditionInEventLoop()
            record.append(loop.inEventLoop)
        }
        #expect(await record.wait(for: 1) == [true])
        #expect(thread.finish() == 0)
    }

    @Test("a blocked signal sent to the loop's thread is read from the signalfd and handled on the loop")
    func signalfd() async throws {
        let thread = LoopThread { SignalSource.block([SIGUSR1]) }
        let loop = thread.loop
        let record = Recorder<(Int32, Bool)>()
        let source = try #require(SignalSource(signals: [SIGUSR1], loop: loop) { signo in
            record.append((signo, thread.isLoopThread(pthread_self())))
        })
        let loopThread = try #require(await waitForThread(thread))
        // Thread-directed: the test runner's other threads never see it.
        #expect(pthread_kill(loopThread, SIGUSR1) == 0)
        let values = await record.wait(for: 1)
        #expect(values.map(\.0) == [SIGUSR1])
        #expect(values.first?.1 == true)
        source.stop()
        #expect(loop.watchCount == 0)
        #expect(thread.finish() == 0)
        signal(SIGUSR1, SIG_DFL)
    }

    @Test("a signal taken by a thread that does not block it is forwarded to the source")
    func forwardedSignal() async throws {
        let thread = LoopThread { SignalSource.block([SIGUSR2]) }
        let loop = thread.loop
        let record = Recorder<Int32>()
        let source = try #require(SignalSource(signals: [SIGUSR2], loop: loop) { record.append($0) })
        // Once the loop's thread has blocked it and installed our handler.
        _ = try #require(await waitForThread(thread))
        // A thread that unblocks it (as dispatchMain's main thread does) and
        // raises it at itself: our handler runs there and forwards it.
        let done = DispatchSemaphore(value: 0)
        let raiser = Thread {
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            raise(SIGUSR2)
            done.signal()
        }
        raiser.start()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(await record.wait(for: 1) == [SIGUSR2])
        source.stop()
        #expect(thread.finish() == 0)
        signal(SIGUSR2, SIG_DFL)
    }

    @Test("threadsInProcess counts this process's threads")
    func threadCount() {
        let count = SignalSource.threadsInProcess()
        #expect((count ?? 0) >= 1)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1
        // Other tests start and end threads meanwhile: roughly equal.
        #expect(abs((count ?? 0) - entries) <= 8)
    }

    private func waitForThread(_ thread: LoopThread) async -> pthread_t? {
        for _ in 0..<1000 {
            if let id = thread.threadID.withLock({ $0 }) { return id }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return nil
    }
}
