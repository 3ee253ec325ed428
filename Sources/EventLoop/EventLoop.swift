import CEventLoop
import Dispatch
import Glibc
import Synchronization

/// The program's one run loop, a reactor: one `ppoll` on a single thread
/// waits for every input (watched file descriptors: the terminal, a
/// signalfd) and every deadline (a heap of timers: a near one is the
/// poll's timeout, a far one is kept by a timerfd), and
/// the thread then runs the main actor's work, the jobs of tasks that prefer
/// it as their executor, the handlers of ready descriptors and due timers.
///
/// The stock runtime would serve a `Task.sleep` with libdispatch: a timer
/// thread, a worker from the pool and a hop back to the main queue, and once
/// a pool worker exists a 1 Hz pool monitor for the rest of the process. A
/// sign that sits paused for days would wake about 4 times a second for
/// nothing. On this loop an idle sign is one thread that wakes only for its
/// own timers and inputs.
///
/// Run on the main thread, it also drains libdispatch's main queue, so
/// `@MainActor` code runs here; on any other thread (tests) it leaves the
/// main queue alone. Handlers given to `watch(fd:_:)` and `schedule(at:_:)`
/// are nonisolated `@Sendable` closures that run synchronously on the loop's
/// thread, inside a loop turn; on `EventLoop.main` that is the main actor,
/// so main-actor callers wrap their bodies in `MainActor.assumeIsolated`.
///
/// **Fallback.** Draining the main queue from our own poll takes two
/// libdispatch entry points that are SPI (see `dispatch_main_queue_spi.h`).
/// When they did not resolve, or `LEDMARQUEE_DISPATCH_FALLBACK=1`, `run` on
/// the main thread calls `dispatchMain()` instead (libdispatch then serves
/// the main queue on a worker thread of its pool) and the poll runs on a
/// thread of its own that hands each turn's work to the main queue and
/// waits for it; loop work still runs serially, where main-actor work runs.
/// The price is measured in the README ("Performance").
///
/// ```swift
/// let loop = EventLoop.main
/// loopTask { await work(); loop.stop(status: 0) }
/// exit(loop.run())
/// ```
public final class EventLoop: TaskExecutor, Sendable {
    /// The loop `main` runs on the main thread.
    public static let main = EventLoop()

    /// Marks the main queue in fallback mode, where loop work runs on it.
    static let mainQueueKey = DispatchSpecificKey<Bool>()

    private enum TimerAction: Sendable {
        case sleeper(Sleeper)
        case callback(@Sendable () -> Void)
    }

    private struct Watch: Sendable {
        var fd: Int32
        /// What the poll asks about: readable, writable or both.
        var interest: FDEvents
        var handler: @Sendable (FDEvents) -> Void
    }

    private struct State {
        var jobs: [UnownedJob] = []
        var timers = TimerHeap<TimerAction>()
        var watches: [UInt64: Watch] = [:]
        var nextWatchID: UInt64 = 1
        /// Bumped whenever `watches` changes, so the poll list is rebuilt.
        var watchGeneration: UInt64 = 1
        var exitStatus: Int32?
    }

    /// A descriptor ppoll found ready: which watch, and its raw revents.
    typealias Ready = (id: UInt64, revents: Int16)

    /// The poll list: the loop's own descriptors first, then the watches.
    struct PollSet {
        var fds: [pollfd]
        let fixedCount: Int
        var watchIDs: [UInt64] = []
        var generation: UInt64 = 0
        /// The deadline the timerfd is armed for (nil: disarmed).
        var armed: ContinuousClock.Instant?

        init(fixed: [Int32]) {
            fds = fixed.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            fixedCount = fds.count
        }
    }

    private let state = Mutex(State())
    /// Written when work arrives while the loop polls.
    let wakeFD: Int32
    /// Expires at the next timer's deadline when it is far (see
    /// `lm_timer_create` for why not ppoll's timeout, and `wait` for why a
    /// near one is); -1 if the kernel refused one.
    let timerFD: Int32
    /// The thread inside `run`, 0 when none (pthread_t is an integer here).
    private let loopThread = Atomic<UInt>(0)
    /// Set once `run` took the fallback: loop work runs on the main queue.
    let onMainQueue = Atomic<Bool>(false)
    /// Whether loop work is running (not polling): work added from inside
    /// a turn needs no wake-up, the turn's end re-reads everything.
    let inTurn = Atomic<Bool>(false)
    /// How many times ppoll returned, and how many times the timerfd was
    /// armed (tests count them to see that nothing woke the loop).
    private let turnCount = Atomic<Int>(0)
    private let armCount = Atomic<Int>(0)

    public init() {
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        precondition(wakeFD >= 0, "eventfd: \(errno)")
        timerFD = lm_timer_create()
    }

    deinit {
        close(wakeFD)
        if timerFD >= 0 { close(timerFD) }
    }

    // MARK: where loop work runs

    /// Whether the caller runs where this loop's work runs: on its thread
    /// (or, in the fallback, on the main queue) and not merely on some
    /// thread while the loop runs elsewhere. False when the loop is not running.
    public var inEventLoop: Bool {
        if onMainQueue.load(ordering: .acquiring) { return DispatchQueue.getSpecific(key: Self.mainQueueKey) == true }
        let thread = loopThread.load(ordering: .acquiring)
        return thread != 0 && pthread_equal(thread, pthread_self()) != 0
    }

    /// Whether `run` took the dispatch fallback (see the type's notes): its
    /// poll then has a thread of its own, and libdispatch threads serve the
    /// main queue, so "one thread" does not hold.
    public var usesDispatchFallback: Bool { onMainQueue.load(ordering: .acquiring) }

    /// Debug builds stop unless the caller runs in the loop (`inEventLoop`):
    /// for code that touches state only the loop may touch.
    public func assertInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
        assert(inEventLoop, "called outside its EventLoop", file: file, line: line)
    }

    /// Like `assertInEventLoop`, in release builds too.
    public func preconditionInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
        precondition(inEventLoop, "called outside its EventLoop", file: file, line: line)
    }

    // MARK: TaskExecutor

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        wakeUnlessInTurn()
    }

    // MARK: file descriptors

    /// Watches `fd` for readability (end of file included) — or, with
    /// `interest: .writable`, for room to write — and always for hang-up
    /// and error, until `unwatch`. `handler` runs on the loop's thread during
    /// the loop turn after each poll that finds `fd` ready, with what the
    /// poll saw. It is level-triggered: a handler that leaves data unread
    /// is called again on the next turn. Callable from any thread.
    ///
    /// The loop neither reads nor closes `fd`; close it only after `unwatch`.
    public func watch(fd: Int32, interest: FDEvents = .readable,
                      _ handler: @escaping @Sendable (FDEvents) -> Void) -> FDWatch {
        let id = state.withLock { state in
            let id = state.nextWatchID
            state.nextWatchID += 1
            state.watches[id] = Watch(fd: fd, interest: interest.intersection([.readable, .writable]), handler: handler)
            state.watchGeneration += 1
            return id
        }
        wakeUnlessInTurn()
        return FDWatch(id: id)
    }

    /// Stops watching; from any thread, and from inside any handler (a
    /// descriptor found ready in the same poll then gets no call).
    public func unwatch(_ watch: FDWatch) {
        let removed = state.withLock { state in
            guard state.watches.removeValue(forKey: watch.id) != nil else { return false }
            state.watchGeneration += 1
            return true
        }
        // The poll may hold the fd, which the caller may close next.
        if removed { wakeUnlessInTurn() }
    }

    /// Descriptors being watched (tests use it to see nothing is left).
    var watchCount: Int { state.withLock { $0.watches.count } }

    // MARK: timers

    /// Runs `handler` on the loop's thread, in the first turn at or after
    /// `deadline`, unless cancelled first. Timers due together run in
    /// deadline order, ties in the order scheduled. Callable from any thread.
    @discardableResult
    public func schedule(at deadline: ContinuousClock.Instant, _ handler: @escaping @Sendable () -> Void) -> LoopTimer {
        LoopTimer(id: addTimer(at: deadline, .callback(handler)))
    }

    /// Cancels a timer; nothing happens if it already ran. Callable from any
    /// thread and from inside any handler (a timer due in the same turn then
    /// does not run).
    public func cancel(_ timer: LoopTimer) {
        removeTimer(timer.id)
    }

    /// A sleep of `LoopClock`.
    func addTimer(at deadline: ContinuousClock.Instant, _ sleeper: Sleeper) -> LoopTimer {
        LoopTimer(id: addTimer(at: deadline, .sleeper(sleeper)))
    }

    private func addTimer(at deadline: ContinuousClock.Instant, _ action: TimerAction) -> UInt64 {
        let (id, earliest) = state.withLock { state in
            let id = state.timers.insert(at: deadline, action)
            return (id, state.timers.isEarliest(id))
        }
        // A later deadline leaves the armed one right.
        if earliest { wakeUnlessInTurn() }
        return id
    }

    private func removeTimer(_ id: UInt64) {
        let cancelled = state.withLock { $0.timers.cancel(id) }
        // Re-arm now rather than wake at the old deadline for nothing.
        if cancelled?.wasEarliest == true { wakeUnlessInTurn() }
    }

    /// Timers pending (tests use it as a handshake).
    var timerCount: Int { state.withLock { $0.timers.count } }
    /// Heap entries held, cancelled ones not yet dropped included.
    var storedTimerCount: Int { state.withLock { $0.timers.storedCount } }
    var turns: Int { turnCount.load(ordering: .relaxed) }
    var arms: Int { armCount.load(ordering: .relaxed) }

    // MARK: running

    /// Makes `run` return `status` once the work in hand is done; from any
    /// thread. (In the fallback the process exits with `status` instead.)
    public func stop(status: Int32) {
        state.withLock { $0.exitStatus = status }
        wakeUnlessInTurn()
    }

    /// Runs the loop on the calling thread until `stop`; returns its status.
    /// On the main thread without the main-queue SPI (see the type's notes)
    /// it never returns: the process exits with the status.
    public func run() -> Int32 {
        let servesMainQueue = lm_is_main_thread() != 0
        if servesMainQueue, Self.wantsFallback { runFallback() }
        loopThread.store(pthread_self(), ordering: .releasing)
        inTurn.store(true, ordering: .releasing)
        defer {
            inTurn.store(false, ordering: .releasing)
            loopThread.store(0, ordering: .releasing)
        }
        let mainQueueFD = servesMainQueue ? lm_dispatch_main_queue_handle() : -1
        var poll = PollSet(fixed: [wakeFD, timerFD, mainQueueFD].filter { $0 >= 0 })
        var ready: [Ready] = []
        while true {
            if let status = turn(ready, drainMainQueue: mainQueueFD >= 0) { return status }
            ready = wait(&poll, marksTurn: true)
        }
    }

    /// Whether `run` on the main thread must take the fallback.
    private static var wantsFallback: Bool {
        if lm_dispatch_main_queue_spi_available() == 0 { return true }
        return getenv("LEDMARQUEE_DISPATCH_FALLBACK").map { String(cString: $0) == "1" } ?? false
    }

    /// One turn's work: the handlers of the descriptors `ready`, then the
    /// main queue, jobs and due timers until none is left; the exit status
    /// once `stop` was called.
    func turn(_ ready: [Ready], drainMainQueue: Bool) -> Int32? {
        for (id, revents) in ready {
            // Looked up now: an earlier handler may have unwatched it.
            let handler = state.withLock { state -> (@Sendable (FDEvents) -> Void)? in
                guard let watch = state.watches[id] else { return nil }
                if revents & Int16(POLLNVAL) != 0 {
                    state.watches[id] = nil
                    state.watchGeneration += 1
                }
                return watch.handler
            }
            handler?(FDEvents(revents: revents))
        }
        while true {
            // The main queue drains what it held when called; anything queued
            // meanwhile pokes its eventfd again, so the next poll returns.
            if drainMainQueue { lm_dispatch_main_queue_drain() }
            let jobs = state.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return state.jobs
            }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            let fired = fireDueTimers(now: .now)
            let (status, hasJobs) = state.withLock { ($0.exitStatus, !$0.jobs.isEmpty) }
            if let status { return status }
            // A woken sleeper's task may be queued already: run it first.
            if !hasJobs && !fired { return nil }
        }
    }

    /// Runs (callbacks) or wakes (sleepers) every timer due by `now`, one
    /// at a time so that each may cancel the next; whether any was due.
    private func fireDueTimers(now: ContinuousClock.Instant) -> Bool {
        var fired = false
        while let action = state.withLock({ $0.timers.popDue(now: now) }) {
            fired = true
            switch action {
            case .sleeper(let sleeper): sleeper.wake()
            case .callback(let handler): handler()
            }
        }
        return fired
    }

    /// Blocks until a descriptor is ready or the next deadline passes, then
    /// resets the loop's own eventfds (and the timerfd) that were (before the
    /// next drain, so no poke is lost); returns the watched ones found ready.
    /// With `marksTurn` (the loop's own thread) it clears `inTurn` while it
    /// polls; the fallback's poll thread leaves that to the main queue.
    func wait(_ poll: inout PollSet, marksTurn: Bool) -> [Ready] {
        let (deadline, generation, watches) = state.withLock { state in
            (state.timers.nextDeadline(), state.watchGeneration,
             state.watchGeneration == poll.generation ? nil : state.watches)
        }
        if let watches {
            let sorted = watches.sorted { $0.key < $1.key }
            poll.fds.removeSubrange(poll.fixedCount...)
            poll.fds += sorted.map { pollfd(fd: $0.value.fd, events: $0.value.interest.rawValue, revents: 0) }
            poll.watchIDs = sorted.map(\.key)
            poll.generation = generation
        }
        var timeout: Int64 = -1
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline).components
            // Rounded up: a timerfd that fired a nanosecond early would find
            // nothing due and leave the loop armed for nothing.
            timeout = max(0, left.seconds * 1_000_000_000 + (left.attoseconds + 999_999_999) / 1_000_000_000)
        }
        // A near deadline (a frame tick) is ppoll's own timeout: its slack
        // is at most 100 µs there, and the turn then costs two system calls
        // (the poll and the frame's write) instead of four. A far one goes
        // on the timerfd, which fires without the poll's slack of a
        // thousandth of the wait; ppoll then waits without a timeout, and
        // the timerfd is armed again only when the deadline moved.
        var armed = false
        if timerFD >= 0 {
            if let deadline, deadline != poll.armed, timeout <= Self.pollTimeoutReach {
                // An armed timerfd for another deadline would wake the loop
                // for nothing (a cancelled timer's); one for this deadline
                // is left to fire.
                if poll.armed != nil {
                    _ = lm_timer_arm(timerFD, -1)
                    armCount.add(1, ordering: .relaxed)
                    poll.armed = nil
                }
            } else if deadline == poll.armed || lm_timer_arm(timerFD, timeout) == 0 {
                if deadline != poll.armed { armCount.add(1, ordering: .relaxed) }
                poll.armed = deadline
                armed = true
            } else {
                poll.armed = nil
            }
        }
        if marksTurn { inTurn.store(false, ordering: .releasing) }
        let count = lm_ppoll(&poll.fds, UInt(poll.fds.count), armed ? -1 : timeout)
        if marksTurn { inTurn.store(true, ordering: .releasing) }
        turnCount.add(1, ordering: .relaxed)
        guard count > 0 else { return [] }
        for index in 0..<poll.fixedCount where poll.fds[index].revents & Int16(POLLIN) != 0 {
            var value: eventfd_t = 0
            _ = eventfd_read(poll.fds[index].fd, &value)
            // Fired and disarmed: the next deadline must be armed afresh.
            if poll.fds[index].fd == timerFD { poll.armed = nil }
        }
        var ready: [Ready] = []
        for index in poll.fixedCount..<poll.fds.count where poll.fds[index].revents != 0 {
            ready.append((poll.watchIDs[index - poll.fixedCount], poll.fds[index].revents))
        }
        return ready
    }

    /// How far ahead, in nanoseconds, a deadline is ppoll's timeout rather
    /// than the timerfd's: the kernel's slack on a poll timeout is a
    /// thousandth of it, at least the thread's 50 µs (fs/select.c), so 100 µs
    /// at most here.
    static let pollTimeoutReach: Int64 = 100_000_000

    /// Wakes the poll, unless the caller is loop work in a turn (the turn
    /// reads the new work before it polls again).
    private func wakeUnlessInTurn() {
        if !(inTurn.load(ordering: .acquiring) && inEventLoop) {
            _ = eventfd_write(wakeFD, 1)
        }
    }
}
