/// Runs one task per value of a hashable condition ID, the terminal
/// equivalent of SwiftUI's `.task(id:)`: when the ID changes, the running task
/// is cancelled and a new one starts from the beginning; the same ID again
/// leaves the running task alone.
///
/// The cue timer, the pass timer, the interrupt timer, the frame ticker and
/// the controls-line hide timer are all one of these, each keyed by every
/// input that should restart it (docs/condition-ids.md). On a virtual clock
/// the work is a host timer instead of a task (``update(id:arm:)``), with
/// the same rule.
///
/// ```swift
/// let timer = ConditionTaskRunner<AdvanceConditionID>()
/// timer.update(id: conditionID) { id in
///     guard id.conditions.shouldSchedule else { return }
///     try? await clock.sleep(for: .seconds(5))   // cancelled when the ID changes
///     if !Task.isCancelled { player.advanceAutomatically() }
/// }
/// ```
@MainActor
public final class ConditionTaskRunner<ID: Hashable & Sendable> {
    /// The ID of the task started last, if any.
    public private(set) var currentID: ID?
    /// Tasks started and not yet returned; a cancelled task must return
    /// promptly, so this falls back to 0 or 1 (tests check no task leaks).
    private(set) var liveTaskCount = 0
    private var task: Task<Void, Never>?
    /// What calls off the host timer armed for `currentID` (timer mode).
    private var disarm: (() -> Void)?
    private let executor: (any TaskExecutor)?

    /// `executor`: where the tasks' nonisolated async work runs (the body of
    /// `Task.sleep`, for one); nil for the global concurrent executor.
    public init(executor: (any TaskExecutor)? = nil) {
        self.executor = executor
    }

    /// Starts `operation` for `id` unless the task for this same ID is the
    /// current one; any other task is cancelled first.
    public func update(id: ID, operation: @escaping @MainActor @Sendable (ID) async -> Void) {
        guard id != currentID || !isStarted else { return }
        stopCurrent()
        currentID = id
        liveTaskCount += 1
        task = Task { @MainActor [weak self, executor] in
            await withTaskExecutorPreference(executor) { await operation(id) }
            self?.liveTaskCount -= 1
        }
    }

    /// As ``update(id:operation:)``, for work kept by a host timer rather
    /// than a task: unless the timer for this same ID is the current one,
    /// the current work is called off and `arm` starts the new, returning
    /// what calls it off (nil: nothing to wait for). A timer that fired
    /// stays current for its ID, as a task that returned does.
    public func update(id: ID, arm: (ID) -> (() -> Void)?) {
        guard id != currentID || !isStarted else { return }
        stopCurrent()
        currentID = id
        disarm = arm(id) ?? {}
    }

    /// Cancels the current task or timer and forgets its ID, so the next
    /// `update` starts afresh whatever the ID.
    public func cancel() {
        stopCurrent()
        currentID = nil
    }

    /// Whether work was started for `currentID` and not cancelled since.
    var isStarted: Bool { task != nil || disarm != nil }

    private func stopCurrent() {
        task?.cancel()
        task = nil
        disarm?()
        disarm = nil
    }

    /// Waits for the current task to return (tests use it to settle).
    func settle() async {
        await task?.value
    }
}
