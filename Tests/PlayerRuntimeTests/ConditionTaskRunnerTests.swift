import Dispatch
import Synchronization
import Testing
@testable import MarqueeCore
@testable import PlayerRuntime
import TestSupport

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

    @Test("a task's nonisolated work runs on the executor it is given")
    func executorPreference() async {
        let executor = CountingExecutor()
        let runner = ConditionTaskRunner<Int>(executor: executor)
        runner.update(id: 1) { _ in await nonisolatedStep() }
        await runner.settle()
        #expect(executor.jobs.load(ordering: .relaxed) > 0)
    }
}
