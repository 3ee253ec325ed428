/// The key of the automatic-advance wait: when any part changes, the running
/// wait is cancelled and a new one starts from zero (docs/cue-flow.md).
public struct AdvanceConditionID: Sendable, Hashable {
    public var conditions: AdvanceConditions
    public var cueIndex: Int
    /// Bumped by manual moves that land on the same index (a one-message
    /// flow, or previous at a looping seam) so they still restart the wait.
    public var manualMoves: Int
    /// Under `--sync` with the wall offset known; nil otherwise.
    public var sync: SyncWaitKey?

    public init(conditions: AdvanceConditions, cueIndex: Int, manualMoves: Int, sync: SyncWaitKey? = nil) {
        self.conditions = conditions
        self.cueIndex = cueIndex
        self.manualMoves = manualMoves
        self.sync = sync
    }
}
