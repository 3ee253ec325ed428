/// Key of the interrupt timer: which `say` shows and when it ends (nil: no
/// interrupt, no timer). A new `say` has a new serial, so it restarts.
public struct InterruptTimerID: Sendable, Hashable {
    public var serial: Int
    public var deadline: Double?
    public init(serial: Int, deadline: Double?) {
        self.serial = serial
        self.deadline = deadline
    }
}
