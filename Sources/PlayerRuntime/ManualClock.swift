import Synchronization

/// A virtual clock: its time moves only when ``advance(to:)`` or
/// ``advance(by:)`` says so, as far as it says, with no real waiting. What
/// waits on it — a task in `Task.sleep(until:clock:)`, or a host timer
/// armed with ``schedule(at:_:)`` — is woken in deadline order (first
/// armed first, at the same deadline), with the clock standing at that
/// deadline. So the engine can run a sign's hours in milliseconds, and
/// always the same way; the tests drive the engine with it. After
/// swift-async-algorithms' and swift-clocks' manual clocks.
///
/// ```swift
/// let clock = ManualClock()
/// let engine = PlaybackEngine(state: state, clock: clock)
/// engine.scheduleWait = { clock.schedule(at: $0, $1) }   // timers, not tasks
/// engine.start()
/// clock.advance(to: clock.now.advanced(by: .seconds(90)))
/// ```
public final class ManualClock: Clock, Sendable {
    /// A moment on the clock: the time since it was made.
    public struct Instant: InstantProtocol, Sendable {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// What a waiter does at its deadline: resume a sleeping task, or call
    /// a host timer on the main actor.
    private enum Wake {
        case task(CheckedContinuation<Void, any Error>)
        case timer(@Sendable @MainActor () -> Void)
    }

    private struct Waiter {
        let id: UInt64
        let deadline: Instant
        let wake: Wake
    }

    private struct State {
        var now = Instant(offset: .zero)
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        /// Sleeps cancelled before their continuation was registered.
        var cancelled: Set<UInt64> = []

        mutating func newID() -> UInt64 {
            nextID += 1
            return nextID
        }

        /// Takes the waiter due first by `limit`, if any, and moves the
        /// clock to its deadline.
        mutating func takeDue(by limit: Instant) -> Waiter? {
            // Ids grow as waiters come, so the smallest id breaks a tie.
            let due = waiters.indices.filter { waiters[$0].deadline <= limit }
            guard let first = due.min(by: { (waiters[$0].deadline, waiters[$0].id) < (waiters[$1].deadline, waiters[$1].id) })
            else { return nil }
            let waiter = waiters.remove(at: first)
            if now < waiter.deadline { now = waiter.deadline }
            return waiter
        }
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// Tasks sleeping and timers armed on the clock, not yet due.
    public var sleeperCount: Int { state.withLock { $0.waiters.count } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { $0.newID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.waiters.append(Waiter(id: id, deadline: deadline, wake: .task(continuation)))
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                if let index = state.waiters.firstIndex(where: { $0.id == id }) { return state.waiters.remove(at: index) }
                state.cancelled.insert(id)
                return nil
            }
            if case .task(let continuation)? = waiter?.wake { continuation.resume(throwing: CancellationError()) }
        }
    }

    /// Arms a timer: `fire` runs on the main actor when an advance reaches
    /// `deadline` (a deadline already past runs at the next advance, never
    /// from here). Returns what calls it off; calling that after it fired
    /// does nothing. This is `PlaybackEngine.scheduleWait` for the clock.
    public func schedule(at deadline: Instant, _ fire: @escaping @Sendable @MainActor () -> Void) -> @Sendable () -> Void {
        let id = state.withLock { state in
            let id = state.newID()
            state.waiters.append(Waiter(id: id, deadline: deadline, wake: .timer(fire)))
            return id
        }
        return { [weak self] in self?.state.withLock { $0.waiters.removeAll { $0.id == id } } }
    }

    /// Moves time forward to `deadline`, one waiter at a time in deadline
    /// order, the clock standing at each one's deadline as it wakes. A
    /// timer runs here, and whatever it arms that falls due by `deadline`
    /// runs in its turn; a task is resumed, and runs on its executor once
    /// it gets there (then `sleepers(atLeast:)` is the handshake that
    /// makes "advance, then look" race-free). The clock never goes back.
    @MainActor
    public func advance(to deadline: Instant) {
        while let waiter = state.withLock({ $0.takeDue(by: deadline) }) {
            switch waiter.wake {
            case .task(let continuation): continuation.resume()
            case .timer(let fire): fire()
            }
        }
        state.withLock { state in
            if state.now < deadline { state.now = deadline }
        }
    }

    /// Moves time forward by `duration` (see ``advance(to:)``).
    @MainActor
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Waits (yielding) until at least `count` tasks sleep or timers wait
    /// on this clock: the handshake that lets a test advance the clock only
    /// once the tasks it expects have gone to sleep.
    public func sleepers(atLeast count: Int) async {
        for _ in 0..<100_000 {
            if sleeperCount >= count { return }
            await Task.yield()
        }
    }
}
