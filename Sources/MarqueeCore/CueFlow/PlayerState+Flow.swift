/// Moving through the cue flow: manual next/previous, the automatic advance,
/// completion with `--once`, and replacing the cues after a reload. Each
/// runs inside the door the reducer opened (`PlayerState+Reduce.swift`);
/// none opens one. Interrupts and the remote commands are in
/// `Interrupt/PlayerState+Interrupt.swift` and `Player/PlayerState+Remote.swift`.
extension PlayerState {
    /// Handles the automatic-advance timer firing.
    mutating func advanceAutomatically(at t: Double) -> [PlayerEffect] {
        guard advanceConditions.shouldSchedule else { return [] }
        var effects: [PlayerEffect] = []
        if advanceInStep(at: t, effects: &effects) { return effects }
        if let next = nextPosition(.forward) {
            return show(position: next, automatic: true, at: t)
        }
        // Not looping and the last message has had its time: done.
        return completeFlow()
    }

    /// `--once` has played its last message: the flow stops, paused.
    mutating func completeFlow() -> [PlayerEffect] {
        flow.complete()
        return [.log(.completed), .log(.pause(paused: true, reason: "completed"))]
    }

    /// Manual next (`forward`) or previous (`backward`). At the ends of a
    /// non-looping flow it does nothing but reveal the controls line.
    mutating func move(_ direction: CueSequence.Direction, at t: Double) -> [PlayerEffect] {
        guard let position = nextPosition(direction) else { return [] }
        return jump(to: position, at: t)
    }

    /// A manual move to an order position (next, previous, goto): it ends
    /// an interrupt, and leaving the finished end of `--once` resumes play.
    mutating func jump(to position: Int, at t: Double) -> [PlayerEffect] {
        let resumed = leaveCompletion(reason: "navigation")
        flow.countManualMove()
        holdSlotForManualMove(at: t)
        let ended = dropInterrupt(reason: "navigation")
        return ended + show(position: position, automatic: false, at: t) + resumed
    }

    /// A finished `--once` flow plays again (a move, a load): the pause its
    /// end set is lifted, and logged with `reason`.
    mutating func leaveCompletion(reason: String) -> [PlayerEffect] {
        guard completed else { return [] }
        guard flow.leaveCompletion() else { return [] }
        return [.log(.pause(paused: false, reason: reason))]
    }

    /// Replaces the cues after the cue file changed on disk, keeping the
    /// current message when it still exists. `newCues` is not empty.
    mutating func replaceCues(_ newCues: [Cue], at t: Double) -> [PlayerEffect] {
        let current = flowCue
        install(newCues)
        var effects: [PlayerEffect] = [.log(.reload(count: newCues.count))]
        if let kept = newCues.firstIndex(of: current), let position = order.firstIndex(of: kept) {
            flow.stand(at: position)
        } else if interrupt != nil {
            // The interrupt stays on the sign; its return shows this one.
            flow.forgetCompletion()
            flow.stand(at: min(orderPosition, newCues.count - 1))
        } else {
            flow.forgetCompletion()
            effects += show(position: min(orderPosition, newCues.count - 1), automatic: false, at: t)
        }
        return effects
    }

    /// Makes `newCues` the flow, with a fresh play order; where in it the
    /// sign stands is the caller's choice.
    mutating func install(_ newCues: [Cue]) {
        flow.install(newCues, shuffle: settings.shuffle)
        cuesChanged()
    }

    /// Appends `newCues` to the flow.
    mutating func appendCues(_ newCues: [Cue]) {
        flow.append(newCues)
        cuesChanged()
    }

    /// The cues changed: their windows are judged again and the synced
    /// slots planned again.
    private mutating func cuesChanged() {
        schedule.follow(cues: cues)
        sync.replan()
    }

    /// The order position after a move, reshuffling at the seam of a looping
    /// shuffled flow; `nil` at an end when not looping. Messages out of
    /// their schedule are stepped over (docs/schedules.md); nil when none
    /// is in window that way.
    mutating func nextPosition(_ direction: CueSequence.Direction) -> Int? {
        let schedule = self.schedule
        return flow.nextPosition(direction, loop: settings.loop, shuffle: settings.shuffle) { schedule.isInWindow($0) }
    }

    /// Shows the flow's message at an order position from its entry
    /// position; the caller has taken any interrupt down first.
    mutating func show(position: Int, automatic: Bool, at t: Double) -> [PlayerEffect] {
        flow.stand(at: position)
        restartMessage(at: t)
        return [.log(.cue(index: cueIndex, count: cues.count, text: flowCue.text, automatic: automatic))]
    }

    /// The first `cue` event, logged when playback starts.
    public var initialCueRecord: EventRecord {
        .cue(index: cueIndex, count: cues.count, text: flowCue.text, automatic: false)
    }
}
