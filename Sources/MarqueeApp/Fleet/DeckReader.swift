import EventLoop
import Glibc
import Synchronization

/// Reads the fleet's decks (parses and checks them, ``FleetPayload``) on a
/// thread of its own, so the screen keeps moving meanwhile: a deck of
/// 1 MiB took a release build 160–260 ms of CPU to read, 10 to 15 frames
/// at 60 fps (docs/fleet.md, "A burst of decks"). The outcome comes back
/// to the loop (`EventLoop.schedule`), where the sign plays it.
///
/// A plain thread (``DetachedThread``), not a libdispatch queue. It runs
/// while there are decks to read and ends when there are none, so a sign
/// that is not reading a deck has one thread.
/// Only the newest deck matters: one handed in while another waits
/// replaces it unread; one being read is read to the end, and the loop
/// drops its outcome if a newer deck came meanwhile (`FleetMember`).
final class DeckReader: Sendable {
    /// One deck to read, numbered so that the loop can tell whether a
    /// newer one superseded it.
    struct Job: Sendable {
        let generation: UInt64
        let topic: String
        let payload: [UInt8]
    }

    typealias Outcome = Result<FleetPayload.Message, FleetPayload.Failure>

    /// The deck waiting to be read, and whether the thread runs.
    private struct Slot {
        var next: Job?
        var running = false
    }

    private let slot = Mutex(Slot())
    private let loop: EventLoop
    private let parse: @Sendable (Job) -> Outcome
    private let done: @Sendable (Job, Outcome) -> Void

    /// `parse` runs on the reading thread; `done` on `loop`'s, in order.
    init(loop: EventLoop, parse: @escaping @Sendable (Job) -> Outcome, done: @escaping @Sendable (Job, Outcome) -> Void) {
        self.loop = loop
        self.parse = parse
        self.done = done
    }

    /// Hands `job` to the reading thread, in place of one that waits
    /// unread, and starts the thread if none runs. False when no thread
    /// could be started (out of threads): nothing is queued, and the
    /// caller reads the deck itself.
    func read(_ job: Job) -> Bool {
        let start = slot.withLock { slot -> Bool in
            slot.next = job
            guard !slot.running else { return false }
            slot.running = true
            return true
        }
        guard start else { return true }
        guard DetachedThread.start({ [self] in work() }) else {
            slot.withLock { $0 = Slot() }
            return false
        }
        return true
    }

    /// The thread's name, as `/proc/PID/task/*/comm` shows it (at most 15
    /// bytes): a test or an operator can tell that a deck is being read.
    static let threadName = "deck reader"

    /// The reading thread: the waiting deck, then the next, until none.
    private func work() {
        Self.nameThisThread()
        while let job = takeNext() {
            let outcome = parse(job)
            let done = done
            loop.schedule(at: .now) { done(job, outcome) }
        }
    }

    /// Names the calling thread (`pthread_setname_np` needs `_GNU_SOURCE`,
    /// which Swift's Glibc module does not define). A file write, so only
    /// ever on the reading thread; a name that cannot be set costs nothing.
    private static func nameThisThread() {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = write(fd, threadName, threadName.utf8.count)
        close(fd)
    }

    private func takeNext() -> Job? {
        slot.withLock { slot in
            guard let job = slot.next else {
                slot.running = false
                return nil
            }
            slot.next = nil
            return job
        }
    }
}
