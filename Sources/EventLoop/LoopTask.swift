/// Starts a main-actor task whose nonisolated async calls (the body of
/// `Task.sleep(until:clock:)`, for one) run on `loop` rather than on the
/// global concurrent executor: one hop there starts libdispatch's worker
/// pool and its 1 Hz monitor for the life of the process.
///
/// (`Task(executorPreference:) { @MainActor in … }` would say the same, but
/// Swift 6.3's region checker rejects that closure.)
///
/// ```swift
/// loopTask { try? await Task.sleep(until: clock.now + .seconds(2), clock: clock) }
/// ```
@discardableResult
public func loopTask<Success: Sendable>(on loop: EventLoop = .main,
                                        _ operation: sending @escaping @MainActor () async -> Success) -> Task<Success, Never> {
    Task { @MainActor in
        await withTaskExecutorPreference(loop) { await operation() }
    }
}
