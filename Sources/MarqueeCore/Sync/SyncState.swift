/// The sync slice (`--sync`, docs/cue-flow.md, "Playing in step"): the
/// deck's epoch, the wall clock's offset from engine time, the slot the
/// sign stands in and the synced wait, and the serials that make a change
/// of the slots, or a synced advance, start the wait over.
public struct SyncState: Sendable {
    /// The epoch of the deck playing, in Unix seconds; a remote `load`
    /// brings its own.
    public private(set) var syncEpoch: Double
    /// Wall-clock seconds (Unix time) at engine time 0, from the host
    /// (``PlayerInput/wallClock(offset:)``); nil until it says. A synced
    /// sign plays by the single-sign rule until it knows.
    public private(set) var wallOffset: Double?
    /// The slot the synced sign stands in, and whether a manual move took
    /// it off the slot's message (it rejoins at the slot's end).
    public private(set) var syncStanding: SyncStanding?
    /// The running synced wait, in engine time: the slot's start (for the
    /// countdown bar) and the deadline the advance sleeps to.
    public private(set) var syncWait: (start: Double, deadline: Double)?
    /// Bumped whenever the slots may have changed (new cues, a schedule
    /// window opening or closing): part of the synced advance's key.
    private(set) var slotPlanSerial = 0
    /// Bumped by each synced advance, so even one that changes nothing
    /// (it woke a hair early) starts the next wait.
    private(set) var syncWakes = 0

    /// The messages (indices in the cues) whose slot was found shorter
    /// than their scroll under this plan of the slots: each is reported
    /// once until the slots change.
    private(set) var shortSlots: (plan: Int, indices: Set<Int>) = (0, [])

    init(epoch: Double) { syncEpoch = epoch }

    /// Whether message `index`'s short slot is news under the current plan
    /// (and remembers it).
    mutating func reportShortSlot(_ index: Int) -> Bool {
        if shortSlots.plan != slotPlanSerial { shortSlots = (slotPlanSerial, []) }
        return shortSlots.indices.insert(index).inserted
    }

    /// The slots may have changed.
    mutating func replan() { slotPlanSerial += 1 }

    /// A synced advance woke.
    mutating func wake() { syncWakes += 1 }

    mutating func set(wallOffset offset: Double) { wallOffset = offset }

    /// A new deck's epoch; false when it is the one playing (or not finite).
    mutating func adopt(epoch: Double) -> Bool {
        guard epoch.isFinite, epoch != syncEpoch else { return false }
        syncEpoch = epoch
        return true
    }

    mutating func stand(_ standing: SyncStanding?) { syncStanding = standing }

    mutating func set(wait: (start: Double, deadline: Double)?) { syncWait = wait }
}
