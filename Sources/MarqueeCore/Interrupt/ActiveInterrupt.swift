/// The interrupt on the sign now: what it is, and when it began, so its
/// end is a pure function of the state.
public struct ActiveInterrupt: Sendable, Equatable {
    public let interrupt: Interrupt
    public let startedAt: Double
    /// Counts every `say`, so a new one (even with the same text) is a new
    /// timer key and restarts the duration.
    public let serial: Int

    /// When it ends on the monotonic clock. Wall time: it runs on while the
    /// sign is paused, stopped by the motion policy or in the background,
    /// because `for 60` means a minute of the viewer's time.
    public var endsAt: Double { startedAt + interrupt.seconds }

    /// Seconds still to run at `t`, never negative.
    public func remaining(at t: Double) -> Double { max(0, endsAt - t) }
}
