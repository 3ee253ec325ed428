/// `--sync` (docs/cue-flow.md, "Playing in step"): messages change at the
/// wall clock's slot boundaries from the deck's epoch (``SyncSlots``), so
/// signs playing the same deck change together. Pure: the host hands in
/// the wall clock's offset from the engine's time line
/// (``PlayerInput/wallClock(offset:)``); `t` stays engine time.
extension PlayerState {
    /// A timer fires at or just after its deadline, and engine time plus
    /// the offset rounds to a fraction of a microsecond near today's Unix
    /// time: a moment this close before a boundary counts as after it.
    static let slotTolerance = 1e-4
    /// The longest synced wait, in seconds: an epoch far ahead still gives
    /// a deadline the clock can sleep to (it wakes, finds the same slot,
    /// and sleeps on).
    static let longestSyncWait = 1e7

    /// Playing in step: `--sync`, with the wall clock known.
    public var syncActive: Bool { settings.sync && wallOffset != nil }

    /// The messages that take part in the slots: the play order's, those
    /// in their schedule window only. One pass over the cues, at a change
    /// of the wait, never per frame.
    var slotEntries: [SyncSlots.Entry] {
        order.indices.compactMap { position in
            isInWindow(order[position]) ? SyncSlots.Entry(position: position, seconds: cues[order[position]].seconds) : nil
        }
    }

    /// The slot current at engine time `t`; nil when not in step, or, with
    /// `--once`, after the last slot.
    public func syncSlot(at t: Double) -> SyncSlots.Slot? {
        guard settings.sync, let wallOffset else { return nil }
        return SyncSlots.slot(at: t + wallOffset + PlayerState.slotTolerance, epoch: syncEpoch, entries: slotEntries,
                              loop: settings.loop)
    }

    var syncWaitKey: SyncWaitKey? {
        guard settings.sync, let wallOffset else { return nil }
        return SyncWaitKey(wallOffset: wallOffset, epoch: syncEpoch, plan: sync.slotPlanSerial, wakes: sync.syncWakes)
    }

    /// Sets the synced wait as a wait starts (the advance condition ID
    /// changed and holds): to the slot's end when the sign stands in the
    /// current slot — on its message, or moved off it by hand within it —
    /// else at once, so the sign rejoins the fleet's current slot. A sign
    /// on the slot's message but from an earlier slot (a pause of a whole
    /// cycle) joins this one as it stands, its scroll going on.
    mutating func planSyncWait(at t: Double) {
        guard syncActive else {
            sync.set(wait: nil)
            return
        }
        guard let slot = syncSlot(at: t) else {
            // `--once` is over: the advance completes the flow at once.
            // Looping, only a hostile time gets here: the single-sign rule.
            sync.set(wait: settings.loop ? nil : (t, t))
            return
        }
        let standing = syncStanding
        let held = standing?.serial == slot.serial && standing?.manual == true
        guard held || orderPosition == slot.position else {
            sync.set(wait: (t, t))
            return
        }
        if !held { sync.stand(SyncStanding(serial: slot.serial, manual: false)) }
        let offset = wallOffset ?? 0
        let start = slot.start.isFinite ? slot.start - offset : t
        sync.set(wait: (min(start, t), min(slot.end - offset, t + PlayerState.longestSyncWait)))
    }

    /// The synced advance: the message of the slot current now, whichever
    /// that is (after a stop it may be several slots on); a message moved
    /// to by hand stays until its slot's end. False when the rule does not
    /// apply (not in step, or a hostile time while looping).
    mutating func advanceInStep(at t: Double, effects: inout [PlayerEffect]) -> Bool {
        guard syncActive else { return false }
        sync.wake()
        guard let slot = syncSlot(at: t) else {
            guard !settings.loop else { return false }
            effects = completeFlow()
            return true
        }
        if syncStanding?.serial == slot.serial, syncStanding?.manual == true { return true }
        sync.stand(SyncStanding(serial: slot.serial, manual: false))
        if slot.position != orderPosition { effects = show(position: slot.position, automatic: true, at: t) }
        return true
    }

    /// Where a synced sign joins the flow at `t` (an interrupt's end, a
    /// load, the start, a window change): the current slot's position,
    /// and the sign stands in that slot; nil when not in step, or when a
    /// manual move holds the sign until the slot's end.
    mutating func joinSlot(at t: Double) -> Int? {
        guard let slot = syncSlot(at: t) else { return nil }
        if syncStanding?.serial == slot.serial, syncStanding?.manual == true { return nil }
        sync.stand(SyncStanding(serial: slot.serial, manual: false))
        return slot.position
    }

    /// A manual move under sync: the sign shows what was asked until the
    /// current slot ends, then rejoins.
    mutating func holdSlotForManualMove(at t: Double) {
        guard let slot = syncSlot(at: t) else { return }
        sync.stand(SyncStanding(serial: slot.serial, manual: true))
    }

    /// The host read the wall clock (at start, after the clock was set):
    /// the synced wait starts over against it. The reducer has checked
    /// that the offset is new and finite.
    mutating func apply(wallOffset offset: Double, at t: Double) -> [PlayerEffect] {
        sync.set(wallOffset: offset)
        return settings.sync ? [.log(.sync(epoch: syncEpoch, offset: offset))] : []
    }

    /// A new deck brings its epoch (0, the Unix epoch, when it has none);
    /// a synced sign logs the change.
    mutating func adopt(epoch: Double?) -> [PlayerEffect] {
        guard sync.adopt(epoch: epoch ?? 0) else { return [] }
        guard settings.sync, let wallOffset else { return [] }
        return [.log(.sync(epoch: syncEpoch, offset: wallOffset))]
    }

    /// A slot and its scroll (docs/cue-flow.md): under `--sync` the flow's
    /// message must show whole within its slot, which is its seconds. When
    /// its pass on this sign — the LEDs it scrolls before its last letter
    /// is in view, at its speed — takes longer, the deck's author is told
    /// with the figures, once per message until the slots change: a
    /// `slotShort` record and a notice. Read when the host measured.
    mutating func reportShortSlot(at t: Double) -> [PlayerEffect] {
        guard settings.sync, interrupt == nil, !idle, let distance = passDistance, distance > 0, clock.speed > 0
        else { return [] }
        let characters = Double(distance) / ledsPerCharacter
        let pass = characters / clock.speed
        let slot = flowCue.seconds
        guard pass > slot, sync.reportShortSlot(cueIndex) else { return [] }
        let figures = "message \(cueIndex + 1) scrolls \(characters.rounded().plainText) characters at "
            + "\(clock.speed.plainText) a second: \(((pass * 10).rounded(.up) / 10).plainText) s, longer than its \(slot.plainText) s slot"
        showNotice(figures, at: t)
        return [.log(.slotShort(index: cueIndex, pass: pass, slot: slot, characters: characters, speed: clock.speed))]
    }

    /// The wall-clock end of the current slot, for the status reply.
    func syncSlotEnd(at t: Double) -> Double? { syncSlot(at: t)?.end }
}
