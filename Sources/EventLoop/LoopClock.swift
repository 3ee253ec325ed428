import Synchronization

/// A clock whose sleeps are timers of an `EventLoop`: a
/// `Task.sleep(until:clock:)` on it wakes the loop's thread once, at the
/// deadline, and nothing else. Time is `ContinuousClock`'s.
///
/// ```swift
/// let clock = LoopClock()
/// try await Task.sleep(until: clock.now + .seconds(5), clock: clock)
/// ```
///
/// Cancelling the sleeping task removes the timer and throws
/// `CancellationError` at once, as with the standard clocks.
public struct LoopClock: Clock {
    public typealias Instant = ContinuousClock.Instant

    public let loop: EventLoop

    public init(loop: EventLoop = .main) {
        self.loop = loop
    }

    public var now: Instant { .now }
    public var minimumResolution: Duration { ContinuousClock().minimumResolution }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let sleeper = Sleeper()
        let loop = self.loop
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                if sleeper.wait(continuation) {
                    loop.addTimer(at: deadline, sleeper)
                } else {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            if sleeper.cancel() { loop.removeTimer(sleeper) }
        }
    }
}

/// One sleep's continuation, resumed exactly once: by the loop at the
/// deadline or by cancellation, whichever comes first, from any thread.
final class Sleeper: Sendable {
    private enum State {
        case starting
        case waiting(UnsafeContinuation<Void, any Error>)
        case cancelled
        case finished
    }

    private let state = Mutex(State.starting)

    /// Stores the continuation; false when the task was cancelled first.
    func wait(_ continuation: UnsafeContinuation<Void, any Error>) -> Bool {
        state.withLock { state in
            guard case .starting = state else { return false }
            state = .waiting(continuation)
            return true
        }
    }

    /// The deadline came.
    func wake() {
        let continuation = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .finished
            return continuation
        }
        continuation?.resume()
    }

    /// The task was cancelled; returns whether a timer may still be pending.
    func cancel() -> Bool {
        let continuation = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
            switch state {
            case .starting:
                state = .cancelled
                return nil
            case .waiting(let continuation):
                state = .cancelled
                return continuation
            case .cancelled, .finished:
                return nil
            }
        }
        continuation?.resume(throwing: CancellationError())
        return continuation != nil
    }
}
