import CEventLoop
import Glibc

/// Says when the wall clock is set — an NTP step, `date -s`, a resume
/// from suspend — as an event of an `EventLoop`, without waking otherwise:
/// a `CLOCK_REALTIME` timerfd armed far ahead with `TFD_TIMER_ABSTIME |
/// TFD_TIMER_CANCEL_ON_SET` becomes readable, its read failing with
/// `ECANCELED`, the moment the clock is set; it is then armed again. The
/// timers of the loop run on the monotonic clock and are not moved by a
/// step; what reckons in wall-clock time (a schedule's next edge) listens
/// here and reckons again.
///
/// ```swift
/// let jumps = ClockJumpSource(loop: .main) { reschedule() }
/// // …
/// jumps?.stop()
/// ```
public final class ClockJumpSource: @unchecked Sendable {
    private let loop: EventLoop
    private var fd: Int32
    private var watch: FDWatch?

    /// Arms the timer ten years ahead, far past any run, so it never
    /// expires; nil when the kernel has no such timer.
    static let armAhead = 10 * 365 * 86_400

    /// `onJump` runs on the loop's thread after each setting of the clock.
    /// Nil when the timerfd cannot be made (then steps go unseen until the
    /// next edge the caller wakes for).
    public init?(loop: EventLoop = .main, onJump: @escaping @Sendable () -> Void) {
        self.loop = loop
        fd = lm_clock_jump_create()
        guard fd >= 0 else { return nil }
        guard arm() else {
            close(fd)
            return nil
        }
        let fd = fd
        watch = loop.watch(fd: fd) { [weak self] _ in
            // Set, or (in ten years) expired: either way armed again.
            let jumped = lm_clock_jump_read(fd) == 1
            _ = self?.arm()
            if jumped { onJump() }
        }
    }

    private func arm() -> Bool {
        lm_clock_jump_arm(fd, Int64(time(nil)) + Int64(ClockJumpSource.armAhead)) == 0
    }

    /// Stops watching and closes the descriptor; call it on the loop's thread.
    public func stop() {
        if let watch { loop.unwatch(watch) }
        watch = nil
        if fd >= 0 { close(fd) }
        fd = -1
    }

    deinit { stop() }
}
