import CEventLoop
import Dispatch
import Glibc
import Synchronization

/// The program's one run loop, a reactor: one `epoll_wait` on a single
/// thread waits for every input (watched file descriptors: the terminal, a
/// signalfd) and every deadline (a heap of timers: a near one is the
/// wait's timeout, a far one is kept by a timerfd), and
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
        var handler: @Sendable (FDEvents) -> Void
        /// The descriptor registered with epoll: `fd`, or a duplicate of it
        /// when `fd` is watched twice (epoll takes each descriptor once);
        /// nil when epoll refused it (see `steady`).
        var registered: Int32?
        /// What a descriptor epoll cannot watch reports on every turn, as
        /// `poll` would: a regular file or /dev/null (EPERM) is always
        /// readable and writable; an invalid one (EBADF) reports POLLNVAL
        /// once and is dropped. 0 for a registered one.
        var steady: Int16 = 0
    }

    private struct State {
        var jobs: [UnownedJob] = []
        var timers = TimerHeap<TimerAction>()
        var watches: [UInt64: Watch] = [:]
        var nextWatchID: UInt64 = 1
        /// Watches with a `steady` report: while any exists the wait only looks.
        var steadyCount = 0
        var exitStatus: Int32?
    }

    /// A descriptor the wait found ready: which watch, and its raw revents.
    typealias Ready = (id: UInt64, revents: Int16)

    /// What one waiting thread keeps between waits: the buffers epoll
    /// fills, allocated once, and the timerfd's deadline.
    struct PollSet {
        var ids = [UInt64](repeating: 0, count: Int(EventLoop.batch))
        var events = [UInt32](repeating: 0, count: Int(EventLoop.batch))
        /// The deadline the timerfd is armed for (nil: disarmed).
        var armed: ContinuousClock.Instant?
        /// libdispatch's main-queue eventfd, when this wait serves it.
        var mainQueueFD: Int32 = -1
        /// Whether that eventfd was found ready by the last wait (true
        /// before the first: work queued before the loop ran).
        var mainQueueReady = true
    }

    /// Ready descriptors taken per wait; more stay ready (level-triggered)
    /// for the next turn.
    static let batch: Int32 = 32
    /// epoll ids of the loop's own descriptors, above any watch's id.
    static let wakeID = UInt64.max, timerID = UInt64.max - 1, mainQueueID = UInt64.max - 2

    private let state = Mutex(State())
    /// The loop's epoll instance: every watched descriptor and the loop's own.
    let epollFD: Int32
    /// Whether the kernel takes a wait's timeout in nanoseconds
    /// (epoll_pwait2, Linux 5.11); without it every deadline is the timerfd's.
    let nanosecondTimeouts: Bool
    /// Written when work arrives while the loop polls.
    let wakeFD: Int32
    /// Expires at the next timer's deadline when it is far (see
    /// `lm_timer_create` for why not the wait's timeout, and `wait` for why a
    /// near one is); -1 if the kernel refused one.
    let timerFD: Int32
    /// The thread inside `run`, 0 when none (pthread_t is an integer here).
    private let loopThread = Atomic<UInt>(0)
    /// Set once `run` took the fallback: loop work runs on the main queue.
    let onMainQueue = Atomic<Bool>(false)
    /// Whether loop work is running (not polling): work added from inside
    /// a turn needs no wake-up, the turn's end re-reads everything.
    let inTurn = Atomic<Bool>(false)
    /// How many times the wait returned, and how many times the timerfd was
    /// armed (tests count them to see that nothing woke the loop).
    private let turnCount = Atomic<Int>(0)
    private let armCount = Atomic<Int>(0)

    public init() {
        epollFD = lm_epoll_create()
        precondition(epollFD >= 0, "epoll_create1: \(errno)")
        nanosecondTimeouts = lm_epoll_has_nanosecond_timeout(epollFD) == 1
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        precondition(wakeFD >= 0, "eventfd: \(errno)")
        precondition(lm_epoll_add(epollFD, wakeFD, UInt32(POLLIN), Self.wakeID) == 0, "epoll_ctl")
        timerFD = lm_timer_create()
        if timerFD >= 0 { _ = lm_epoll_add(epollFD, timerFD, UInt32(POLLIN), Self.timerID) }
    }

    deinit {
        close(wakeFD)
        if timerFD >= 0 { close(timerFD) }
        close(epollFD)
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
        let interest = interest.intersection([.readable, .writable])
        let (id, steady) = state.withLock { state in
            let id = state.nextWatchID
            state.nextWatchID += 1
            var watch = Watch(fd: fd, handler: handler)
            register(&watch, id: id, interest: interest)
            state.watches[id] = watch
            if watch.steady != 0 { state.steadyCount += 1 }
            return (id, watch.steady != 0)
        }
        // A registered descriptor wakes the wait itself; a steady one must
        // be seen by the next wait, which then only looks.
        if steady { wakeUnlessInTurn() }
        return FDWatch(id: id)
    }

    /// Adds `watch.fd` to epoll, or, where epoll cannot take it, gives the
    /// watch the report `poll` would make on every turn.
    private func register(_ watch: inout Watch, id: UInt64, interest: FDEvents) {
        let events = UInt32(interest.rawValue)
        var result = lm_epoll_add(epollFD, watch.fd, events, id)
        if result == 0 {
            watch.registered = watch.fd
            return
        }
        if result == -EEXIST {
            // Watched already (for the other direction): a duplicate is
            // another descriptor of the same file, which epoll takes.
            let duplicate = fcntl(watch.fd, F_DUPFD_CLOEXEC, 0)
            if duplicate >= 0 {
                result = lm_epoll_add(epollFD, duplicate, events, id)
                if result == 0 {
                    watch.registered = duplicate
                    return
                }
                close(duplicate)
            }
        }
        // A regular file or a device without poll (EPERM) is always ready,
        // as poll says; anything else is an fd poll would call invalid.
        watch.steady = result == -EPERM ? interest.rawValue : Int16(POLLNVAL)
    }

    /// Stops watching; from any thread, and from inside any handler (a
    /// descriptor found ready in the same wait then gets no call). The
    /// descriptor may be closed as soon as this returns.
    public func unwatch(_ watch: FDWatch) {
        state.withLock { state in
            guard let removed = state.watches.removeValue(forKey: watch.id) else { return }
            if removed.steady != 0 { state.steadyCount -= 1 }
            if let registered = removed.registered {
                _ = lm_epoll_remove(epollFD, registered)
                if registered != removed.fd { close(registered) }
            }
        }
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
        if mainQueueFD >= 0 { _ = lm_epoll_add(epollFD, mainQueueFD, UInt32(POLLIN), Self.mainQueueID) }
        var poll = PollSet()
        poll.mainQueueFD = mainQueueFD
        var ready: [Ready] = []
        ready.reserveCapacity(Int(Self.batch))
        while true {
            if let status = turn(ready, drainMainQueue: mainQueueFD >= 0 && poll.mainQueueReady) { return status }
            wait(&poll, into: &ready, marksTurn: true)
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
                    state.steadyCount -= 1
                }
                return watch.handler
            }
            handler?(FDEvents(revents: revents))
        }
        var drainMainQueue = drainMainQueue
        while true {
            // The main queue drains what it held when called; anything queued
            // meanwhile pokes its eventfd again, so the next poll returns.
            // Only when its eventfd was ready: a frame tick's turn has
            // nothing queued there, and asking libdispatch twice a turn
            // was 2 % of a scroll step's CPU.
            if drainMainQueue {
                lm_dispatch_main_queue_drain()
                drainMainQueue = false
            }
            let jobs = state.withLock { state -> [UnownedJob] in
                // Most turns have none: an empty array costs no allocation,
                // where emptying a shared buffer would allocate a new one.
                guard !state.jobs.isEmpty else { return [] }
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
    /// next drain, so no poke is lost); fills `ready` with the watched ones
    /// found ready. With `marksTurn` (the loop's own thread) it clears
    /// `inTurn` while it waits; the fallback's poll thread leaves that to the
    /// main queue.
    ///
    /// epoll rather than ppoll: the kernel keeps the interest list, so a
    /// wait costs the same with one descriptor or twenty, where ppoll
    /// copies the list in and asks every descriptor's driver on every call
    /// (a sixth of a scroll step's time with the sign's eight).
    func wait(_ poll: inout PollSet, into ready: inout [Ready], marksTurn: Bool) {
        ready.removeAll(keepingCapacity: true)
        poll.mainQueueReady = false
        let (deadline, steady) = state.withLock { state in (state.timers.nextDeadline(), state.steadyCount > 0) }
        var timeout: Int64 = -1
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline).components
            // Rounded up: a timerfd that fired a nanosecond early would find
            // nothing due and leave the loop armed for nothing.
            timeout = max(0, left.seconds * 1_000_000_000 + (left.attoseconds + 999_999_999) / 1_000_000_000)
        }
        // A near deadline (a frame tick) is the wait's own timeout: its
        // slack is at most 100 µs there, and the turn then costs two system
        // calls (the wait and the frame's write) instead of four. A far one
        // goes on the timerfd, which fires without the wait's slack of a
        // thousandth of the wait; the wait then has no timeout, and the
        // timerfd is armed again only when the deadline moved.
        var armed = false
        if timerFD >= 0 {
            if let deadline, deadline != poll.armed, timeout <= Self.pollTimeoutReach, nanosecondTimeouts {
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
        if steady { timeout = 0 }
        if marksTurn { inTurn.store(false, ordering: .releasing) }
        let count = poll.ids.withUnsafeMutableBufferPointer { ids in
            poll.events.withUnsafeMutableBufferPointer { events in
                lm_epoll_wait(epollFD, ids.baseAddress!, events.baseAddress!, Self.batch, armed && !steady ? -1 : timeout,
                              nanosecondTimeouts ? 1 : 0)
            }
        }
        if marksTurn { inTurn.store(true, ordering: .releasing) }
        turnCount.add(1, ordering: .relaxed)
        for index in 0..<max(0, Int(count)) {
            let id = poll.ids[index]
            switch id {
            case Self.wakeID, Self.mainQueueID:
                var value: eventfd_t = 0
                _ = eventfd_read(id == Self.wakeID ? wakeFD : poll.mainQueueFD, &value)
                if id == Self.mainQueueID { poll.mainQueueReady = true }
            case Self.timerID:
                var value: eventfd_t = 0
                _ = eventfd_read(timerFD, &value)
                // Fired and disarmed: the next deadline must be armed afresh.
                poll.armed = nil
            default:
                ready.append((id, Int16(truncatingIfNeeded: poll.events[index])))
            }
        }
        if steady {
            state.withLock { state in
                for (id, watch) in state.watches where watch.steady != 0 { ready.append((id, watch.steady)) }
            }
        }
        // Handlers run in the order descriptors were first watched (the
        // terminal's keys before any control client), as poll's list gave
        // them; epoll reports them in the order they became ready.
        if ready.count > 1 { ready.sort { $0.id < $1.id } }
    }

    /// How far ahead, in nanoseconds, a deadline is the wait's timeout
    /// rather than the timerfd's: the kernel's slack on an epoll timeout is,
    /// as on a poll's, a thousandth of it, at least the thread's 50 µs
    /// (fs/select.c, fs/eventpoll.c), so 100 µs at most here.
    static let pollTimeoutReach: Int64 = 100_000_000

    /// Wakes the poll, unless the caller is loop work in a turn (the turn
    /// reads the new work before it polls again).
    private func wakeUnlessInTurn() {
        if !(inTurn.load(ordering: .acquiring) && inEventLoop) {
            _ = eventfd_write(wakeFD, 1)
        }
    }
}
