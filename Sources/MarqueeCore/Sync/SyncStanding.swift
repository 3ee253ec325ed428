/// Where a synced sign stands among the slots (docs/cue-flow.md, "Playing
/// in step"): the serial of the slot it last joined, and whether a manual
/// move took it off that slot's message, to rejoin at the slot's end.
public struct SyncStanding: Sendable, Equatable {
    public var serial: Int
    public var manual: Bool

    public init(serial: Int, manual: Bool) {
        self.serial = serial
        self.manual = manual
    }
}
