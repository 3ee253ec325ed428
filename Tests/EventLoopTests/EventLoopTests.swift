import Foundation
import Synchronization
import Testing
@testable import EventLoop

/// An `EventLoop` running on a thread of its own for one test (the main
/// thread belongs to the test runner), stopped and joined by `finish`.
final class LoopThread: Sendable {
    let loop = EventLoop()
    private let status = Mutex<Int32?>(nil)
    private let finished = DispatchSemaphore(value: 0)
    let threadID = Mutex<pthread_t?>(nil)

    /// `prepare` runs on the loop's thread before the loop starts.
    init(prepare: @escaping @Sendable () -> Void = {}) {
        let thread = Thread { [self] in
            prepare()
            threadID.withLock { $0 = pthread_self() }
            let result = loop.run()
            status.withLock { $0 = result }
            finished.signal()
        }
        thread.start()
    }

    /// Stops the loop with `code` and returns what `run` returned.
    func finish(_ code: Int32 = 0) -> Int32? {
        loop.stop(status: code)
        _ = finished.wait(timeout: .now() + 10)
        return status.withLock { $0 }
    }

    func isLoopThread(_ thread: pthread_t) -> Bool {
        threadID.withLock { $0.map { pthread_equal($0, thread) != 0 } ?? false }
    }
}

@Suite("Event loop and LoopClock")
struct EventLoopTests {
    @Test("a sleep whose deadline has passed returns at once, and the task runs on the loop's thread")
    func pastDeadline() async throws {
        let thread = LoopThread()
        let clock = LoopClock(loop: thread.loop)
        let onLoop = try await Task(executorPreference: thread.loop) { () async throws -> Bool in
            try await Task.sleep(until: clock.now - .seconds(1), clock: clock)
            return thread.isLoopThread(pthread_self())
        }.value
        #expect(onLoop)
        #expect(thread.finish() == 0)
    }

    @Test("cancelling an hour-long sleep throws CancellationError without waiting")
    func cancelLongSleep() async throws {
        let thread = LoopThread()
        let clock = LoopClock(loop: thread.loop)
        let started = clock.now
        let sleeper = Task(executorPreference: thread.loop) { () async -> (any Error)? in
            do {
                try await Task.sleep(until: clock.now + .seconds(3600), clock: clock)
                return nil
            } catch {
                return error
            }
        }
        // Cancel only once the sleep is waiting on its timer.
        for _ in 0..<100_000 where thread.loop.timerCount == 0 { await Task.yield() }
        #expect(thread.loop.timerCount == 1)
        // From the cancel: the wait above may take long on a loaded machine.
        let cancelled = clock.now
        sleeper.cancel()
        let error = await sleeper.value
        #expect(error is CancellationError)
        #expect(thread.loop.timerCount == 0, "the cancelled sleep's timer is gone")
        #expect(cancelled.duration(to: clock.now) < .seconds(60), "returned long before the deadline")
        #expect(started.duration(to: clock.now) < .seconds(3600))
        #expect(thread.finish() == 0)
    }

    @Test("a task cancelled before it sleeps throws CancellationError")
    func cancelledBeforeSleeping() async throws {
        let thread = LoopThread()
        let clock = LoopClock(loop: thread.loop)
        let sleeper = Task(executorPreference: thread.loop) { () async -> (any Error)? in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await Task.sleep(until: clock.now + .seconds(3600), clock: clock)
                return nil
            } catch {
                return error
            }
        }
        #expect(await sleeper.value is CancellationError)
        #expect(thread.finish() == 0)
    }

    @Test("jobs sent from other threads run in order on the loop's thread")
    func jobsFromOtherThreads() async throws {
        final class Record: Sendable {
            let order = Mutex<[Int]>([])
            let allOnLoop = Mutex(true)
        }
        let thread = LoopThread()
        let record = Record()
        for index in 0..<20 {
            await Task(executorPreference: thread.loop) {
                record.order.withLock { $0.append(index) }
                if !thread.isLoopThread(pthread_self()) { record.allOnLoop.withLock { $0 = false } }
            }.value
        }
        #expect(record.order.withLock { $0 } == Array(0..<20))
        #expect(record.allOnLoop.withLock { $0 })
        #expect(thread.finish() == 0)
    }

    @Test("stop from another thread ends run with that status")
    func stopStatus() {
        let thread = LoopThread()
        #expect(thread.finish(3) == 3)
    }
}
