import Dispatch
import Synchronization
import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// A task executor that counts the jobs it runs (on a serial queue).
final class CountingExecutor: TaskExecutor {
    let jobs = Atomic<Int>(0)
    private let queue = DispatchQueue(label: "counting-executor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.add(1, ordering: .relaxed)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Suspends once where nonisolated code runs.
nonisolated func nonisolatedStep() async { await Task.yield() }

@Suite("Condition task runner")
@MainActor
struct ConditionTaskRunnerTests {
    @Test("the same ID keeps the running task; a new ID cancels it and starts afresh")
    func restartsOnNewID() async {
        let runner = ConditionTaskRunner<Int>()
        let clock = ManualClock()
        var started: [Int] = []
        var cancelled: [Int] = []
        let body: @MainActor @Sendable (Int) async -> Void = { id in
            started.append(id)
            do { try await Task.sleep(for: .seconds(60), clock: clock) } catch { cancelled.append(id) }
        }
        runner.update(id: 1, operation: body)
        await clock.sleepers(atLeast: 1)
        runner.update(id: 1, operation: body)
        runner.update(id: 2, operation: body)
        await clock.sleepers(atLeast: 1)
        #expect(started == [1, 2])
        runner.cancel()
        await runner.settle()
        #expect(cancelled.contains(1))
        #expect(runner.currentID == nil)
    }

    @Test("a host timer follows the same rule: the same ID keeps it, a new ID or cancel calls it off")
    func timers() {
        let runner = ConditionTaskRunner<Int>()
        var armed: [Int] = []
        var disarmed: [Int] = []
        let arm: (Int) -> (() -> Void)? = { id in
            armed.append(id)
            return { disarmed.append(id) }
        }
        runner.update(id: 1, arm: arm)
        runner.update(id: 1, arm: arm)
        #expect(armed == [1] && disarmed.isEmpty)
        runner.update(id: 2, arm: arm)
        #expect(armed == [1, 2] && disarmed == [1])
        runner.cancel()
        #expect(disarmed == [1, 2] && runner.currentID == nil)
        // Nothing to wait for is still the current work for its ID.
        runner.update(id: 3) { _ in nil }
        runner.update(id: 3, arm: arm)
        #expect(armed == [1, 2])
        #expect(runner.liveTaskCount == 0)
    }

    @Test("a task's nonisolated work runs on the executor it is given")
    func executorPreference() async {
        let executor = CountingExecutor()
        let runner = ConditionTaskRunner<Int>(executor: executor)
        runner.update(id: 1) { _ in await nonisolatedStep() }
        await runner.settle()
        #expect(executor.jobs.load(ordering: .relaxed) > 0)
    }
}
