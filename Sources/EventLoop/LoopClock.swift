/// A clock whose sleeps are timers of an `EventLoop` (in the same heap as its
/// `schedule(at:_:)` callbacks): a
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
                if !sleeper.wait(continuation, register: { loop.addTimer(at: deadline, sleeper) }) {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            if let timer = sleeper.cancel() { loop.cancel(timer) }
        }
    }
}
