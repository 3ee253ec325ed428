import Synchronization

/// One sleep's continuation, resumed exactly once: by the loop at the
/// deadline or by cancellation, whichever comes first, from any thread.
final class Sleeper: Sendable {
    private enum State {
        case starting
        case waiting(UnsafeContinuation<Void, any Error>, LoopTimer)
        case cancelled
        case finished
    }

    private let state = Mutex(State.starting)

    /// Stores the continuation and adds the timer (`register`, under this
    /// sleeper's lock, so a cancellation always finds the timer it must
    /// remove); false when the task was cancelled first.
    func wait(_ continuation: UnsafeContinuation<Void, any Error>, register: () -> LoopTimer) -> Bool {
        state.withLock { state in
            guard case .starting = state else { return false }
            state = .waiting(continuation, register())
            return true
        }
    }

    /// The deadline came.
    func wake() {
        let continuation = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
            guard case .waiting(let continuation, _) = state else { return nil }
            state = .finished
            return continuation
        }
        continuation?.resume()
    }

    /// The task was cancelled; returns the timer to remove, if one is pending.
    func cancel() -> LoopTimer? {
        let waiting = state.withLock { state -> (UnsafeContinuation<Void, any Error>, LoopTimer)? in
            switch state {
            case .starting:
                state = .cancelled
                return nil
            case .waiting(let continuation, let timer):
                state = .cancelled
                return (continuation, timer)
            case .cancelled, .finished:
                return nil
            }
        }
        waiting?.0.resume(throwing: CancellationError())
        return waiting?.1
    }
}
