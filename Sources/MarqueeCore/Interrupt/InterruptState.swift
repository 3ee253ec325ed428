/// The interrupt slice: the `say` message shown in place of the flow's, if
/// any, and how many were shown (each one's serial keys its timer).
public struct InterruptState: Sendable {
    public private(set) var interrupt: ActiveInterrupt?
    /// Every `say` so far: the serial of the next interrupt.
    public private(set) var interruptsShown = 0

    init() {}

    /// Shows `newInterrupt` from `t`, replacing any other.
    mutating func show(_ newInterrupt: Interrupt, at t: Double) {
        interruptsShown += 1
        interrupt = ActiveInterrupt(interrupt: newInterrupt, startedAt: t, serial: interruptsShown)
    }

    /// Takes the interrupt down; false when none showed.
    mutating func drop() -> Bool {
        guard interrupt != nil else { return false }
        interrupt = nil
        return true
    }
}
