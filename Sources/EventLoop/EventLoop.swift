import CEventLoop
import Glibc
import Synchronization

/// The program's one run loop: a `poll` on a single thread that runs the
/// main actor's work, the jobs of tasks that prefer it as their executor,
/// and the timers behind `LoopClock` sleeps.
///
/// The stock runtime would serve a `Task.sleep` with libdispatch: a timer
/// thread, a worker from the pool and a hop back to the main queue, and once
/// a pool worker exists a 1 Hz pool monitor for the rest of the process. A
/// sign that sits paused for days would wake about 4 times a second for
/// nothing. On this loop an idle sign wakes only for its own timers.
///
/// Run on the main thread, it also drains libdispatch's main queue, so
/// `@MainActor` code runs here; on any other thread (tests) it leaves the
/// main queue alone.
///
/// ```swift
/// let loop = EventLoop.main
/// loopTask { await work(); loop.stop(status: 0) }
/// exit(loop.run())
/// ```
public final class EventLoop: TaskExecutor, Sendable {
    /// The loop `main` runs on the main thread.
    public static let main = EventLoop()

    private struct Timer {
        var deadline: ContinuousClock.Instant
        var sleeper: Sleeper
    }

    private struct Pending {
        var jobs: [UnownedJob] = []
        var timers: [Timer] = []
        var exitStatus: Int32?
    }

    private let pending = Mutex(Pending())
    /// Written when work arrives from another thread while the loop polls.
    private let wakeFD: Int32
    /// Expires at the next timer's deadline (see `lm_timer_create` for why
    /// not ppoll's timeout); -1 if the kernel refused one.
    private let timerFD: Int32
    /// The thread inside `run`, 0 when none (pthread_t is an integer here).
    private let loopThread = Atomic<UInt>(0)

    public init() {
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        precondition(wakeFD >= 0, "eventfd: \(errno)")
        timerFD = lm_timer_create()
    }

    deinit {
        close(wakeFD)
        if timerFD >= 0 { close(timerFD) }
    }

    // MARK: TaskExecutor

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pending.withLock { $0.jobs.append(job) }
        wakeFromOtherThread()
    }

    // MARK: timers, for LoopClock

    func addTimer(at deadline: ContinuousClock.Instant, _ sleeper: Sleeper) {
        pending.withLock { $0.timers.append(Timer(deadline: deadline, sleeper: sleeper)) }
        // The loop may be polling with a later deadline.
        wakeFromOtherThread()
    }

    /// Sleeps waiting for their deadline (tests use it as a handshake).
    var timerCount: Int { pending.withLock { $0.timers.count } }

    func removeTimer(_ sleeper: Sleeper) {
        // No wake-up: at worst the loop wakes once at the stale deadline.
        pending.withLock { $0.timers.removeAll { $0.sleeper === sleeper } }
    }

    // MARK: running

    /// Makes `run` return `status` once the work in hand is done; from any thread.
    public func stop(status: Int32) {
        pending.withLock { $0.exitStatus = status }
        wakeFromOtherThread()
    }

    /// Runs the loop on the calling thread until `stop`; returns its status.
    public func run() -> Int32 {
        loopThread.store(pthread_self(), ordering: .sequentiallyConsistent)
        defer { loopThread.store(0, ordering: .sequentiallyConsistent) }
        let servesMainQueue = lm_is_main_thread() != 0
        var watched = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        if timerFD >= 0 { watched.append(pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0)) }
        if servesMainQueue {
            watched.append(pollfd(fd: _dispatch_get_main_queue_handle_4CF(), events: Int16(POLLIN), revents: 0))
        }
        while true {
            // The main queue drains what it held when called; anything queued
            // meanwhile pokes its eventfd again, so the poll below returns.
            if servesMainQueue { _dispatch_main_queue_callback_4CF(nil) }
            let jobs = pending.withLock { pending in
                defer { pending.jobs.removeAll(keepingCapacity: true) }
                return pending.jobs
            }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            let (due, next) = takeDueTimers(now: .now)
            for sleeper in due { sleeper.wake() }
            let (status, hasJobs) = pending.withLock { ($0.exitStatus, !$0.jobs.isEmpty) }
            if let status { return status }
            // A woken sleeper's task may be queued already: run it first.
            if hasJobs || !due.isEmpty { continue }
            wait(on: &watched, until: next)
        }
    }

    /// Timers whose deadline has passed (removed), and the next deadline.
    private func takeDueTimers(now: ContinuousClock.Instant) -> ([Sleeper], ContinuousClock.Instant?) {
        pending.withLock { pending in
            var due: [Sleeper] = []
            var next: ContinuousClock.Instant?
            pending.timers.removeAll { timer in
                if timer.deadline <= now {
                    due.append(timer.sleeper)
                    return true
                }
                next = min(next ?? timer.deadline, timer.deadline)
                return false
            }
            return (due, next)
        }
    }

    /// Blocks until an eventfd is written or `deadline` passes, then resets
    /// the eventfds (and the timerfd) that were (before the next drain, so
    /// no poke is lost).
    private func wait(on watched: inout [pollfd], until deadline: ContinuousClock.Instant?) {
        var timeout: Int64 = -1
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline).components
            timeout = max(0, left.seconds * 1_000_000_000 + left.attoseconds / 1_000_000_000)
        }
        // The deadline on the timerfd, ppoll itself waiting without a
        // timeout; only if the timerfd is missing does ppoll time it.
        let armed = timerFD >= 0 && lm_timer_arm(timerFD, timeout) == 0
        let ready = lm_ppoll(&watched, UInt(watched.count), armed ? -1 : timeout)
        guard ready > 0 else { return }
        for index in watched.indices where watched[index].revents & Int16(POLLIN) != 0 {
            var value: eventfd_t = 0
            _ = eventfd_read(watched[index].fd, &value)
        }
    }

    private func wakeFromOtherThread() {
        let thread = loopThread.load(ordering: .sequentiallyConsistent)
        if thread == 0 || pthread_equal(thread, pthread_self()) == 0 {
            _ = eventfd_write(wakeFD, 1)
        }
    }
}
