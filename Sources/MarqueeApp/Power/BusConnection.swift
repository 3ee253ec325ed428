import CSystemd
import EventLoop
import Glibc

/// A connection to the system bus, driven by the event loop
/// (docs/power-probe.md, "Power news"): its descriptor is watched for what
/// sd-bus wants next (`sd_bus_get_events`), its next deadline — a method
/// call's timeout, while one is pending — is a loop timer
/// (`sd_bus_get_timeout`), and each wake-up calls `sd_bus_process` until it
/// has nothing left. No thread of its own and no polling: an idle
/// connection costs the sign no wake-up.
///
/// `sd_bus_open_system` connects to `DBUS_SYSTEM_BUS_ADDRESS`, else
/// `/run/dbus/system_bus_socket`; a Unix socket connects at once or not at
/// all, and the authentication and `Hello` that follow are asynchronous, so
/// opening never waits. No bus (a container, a minimal system) is normal.
///
/// Used on the loop's thread only.
final class BusConnection: @unchecked Sendable {
    /// `sd_bus_process` calls per wake-up at most; more waits one loop turn.
    static let processBudget = 64

    let bus: OpaquePointer
    private let loop: EventLoop
    private var watch: FDWatch?
    private var interest: FDEvents = []
    private var timer: LoopTimer?
    private var timerDeadline: UInt64 = .max
    /// Set inside `pump`: a callback that closes the connection must not
    /// free it under sd-bus's feet; the pump does once it returns.
    private var pumping = false
    private var closed = false
    /// Runs once when the connection fails (the bus went away).
    var onFailure: (@Sendable () -> Void)?

    private init(bus: OpaquePointer, loop: EventLoop) {
        self.bus = bus
        self.loop = loop
    }

    /// The system bus, or why there is none (for the events log only).
    /// libsystemd is loaded here, on first use (``LazyLibrary``): a
    /// machine without it plays on the sysfs probe, as with no bus.
    static func openSystem(loop: EventLoop = .main) -> Result<BusConnection, PowerSourceFailure> {
        if let error = LazyLibrary.systemdError {
            return .failure(PowerSourceFailure("system bus: \(error)"))
        }
        var bus: OpaquePointer?
        let status = sd_bus_open_system(&bus)
        guard status >= 0, let bus else {
            return .failure(PowerSourceFailure("system bus: \(String(cString: strerror(-status)))"))
        }
        return .success(BusConnection(bus: bus, loop: loop))
    }

    /// Processes what is due and waits for what sd-bus wants next: call
    /// after queueing messages, and the loop calls it on every wake-up.
    func pump() {
        guard !closed else { return }
        pumping = true
        var failed = false
        var budget = Self.processBudget
        while budget > 0 {
            let status = sd_bus_process(bus, nil)
            if status < 0 { failed = true; break }
            if status == 0 || closed { break }
            budget -= 1
        }
        pumping = false
        if closed { return release() }
        if failed { return fail() }
        if budget == 0 {
            arm(deadline: 0)
            return
        }
        rearm()
    }

    /// Closes the connection; nothing is sent or received after it.
    func close() {
        guard !closed else { return }
        closed = true
        onFailure = nil
        if !pumping { release() }
    }

    deinit { close() }

    private func fail() {
        let onFailure = onFailure
        close()
        onFailure?()
    }

    private func release() {
        if let watch { loop.unwatch(watch) }
        watch = nil
        if let timer { loop.cancel(timer) }
        timer = nil
        // Not `sd_bus_flush_close_unref`: flushing waits for the socket.
        sd_bus_close_unref(bus)
    }

    /// Watches the descriptor for what sd-bus wants, and arms its deadline.
    private func rearm() {
        let events = sd_bus_get_events(bus)
        let fd = sd_bus_get_fd(bus)
        guard events >= 0, fd >= 0 else { return fail() }
        var wanted: FDEvents = []
        if events & Int32(POLLIN) != 0 { wanted.insert(.readable) }
        if events & Int32(POLLOUT) != 0 { wanted.insert(.writable) }
        if wanted != interest || watch == nil {
            if let watch { loop.unwatch(watch) }
            interest = wanted
            watch = loop.watch(fd: fd, interest: wanted) { [weak self] _ in self?.pump() }
        }
        var deadline: UInt64 = .max
        guard sd_bus_get_timeout(bus, &deadline) >= 0 else { return fail() }
        arm(deadline: deadline)
    }

    /// A loop timer at `deadline` (µs of CLOCK_MONOTONIC, as sd-bus gives
    /// it; 0 is now, `UInt64.max` none). The loop's clock has its own
    /// epoch, so the deadline is carried over as the time left.
    private func arm(deadline: UInt64) {
        guard deadline != timerDeadline || timer == nil else { return }
        if let timer { loop.cancel(timer) }
        timer = nil
        timerDeadline = deadline
        guard deadline != .max else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicros = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        let left = deadline > nowMicros ? deadline - nowMicros : 0
        timer = loop.schedule(at: .now + .microseconds(Int64(min(left, UInt64(Int64.max / 2))))) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.timerDeadline = .max
            self.pump()
        }
    }
}
