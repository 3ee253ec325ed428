/// The part of the advance condition ID that only a synced sign has
/// (docs/cue-flow.md, "Playing in step"): a new wall offset (the clock was
/// set), a new epoch or deck, a schedule window that changed the slots, or
/// a synced advance each start the wait over, which then ends at the
/// current slot's end, or at once when the sign must rejoin.
public struct SyncWaitKey: Sendable, Hashable {
    public var wallOffset: Double
    public var epoch: Double
    /// Bumped whenever the slots may have changed.
    public var plan: Int
    /// Bumped by each synced advance.
    public var wakes: Int

    public init(wallOffset: Double, epoch: Double, plan: Int, wakes: Int) {
        self.wallOffset = wallOffset
        self.epoch = epoch
        self.plan = plan
        self.wakes = wakes
    }
}
