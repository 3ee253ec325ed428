/// Moving through the cue flow: manual next/previous, the automatic advance,
/// completion with `--once`, and replacing the cues after a reload.
/// Interrupts and the remote commands are in `PlayerState+Interrupt.swift`
/// and `PlayerState+Remote.swift`.
extension PlayerState {
    /// Handles the automatic-advance timer firing.
    mutating func advanceAutomatically(at t: Double) -> [PlayerEffect] {
        transaction(at: t) { state in
            guard state.advanceConditions.shouldSchedule else { return [] }
            var effects: [PlayerEffect] = []
            if state.advanceInStep(at: t, effects: &effects) { return effects }
            if let next = state.nextPosition(.forward) {
                return state.show(position: next, automatic: true, at: t)
            }
            // Not looping and the last message has had its time: done.
            return state.completeFlow()
        }
    }

    /// `--once` has played its last message: the flow stops, paused.
    mutating func completeFlow() -> [PlayerEffect] {
        completed = true
        paused = true
        return [.log(.completed), .log(.pause(paused: true, reason: "completed"))]
    }

    /// Handles the pass timer firing: the scroll reached `passDistance`, so
    /// the message has been shown and its seconds start from zero.
    mutating func completePass(at t: Double) -> [PlayerEffect] {
        transaction(at: t) { state in
            guard !state.passShown, let distance = state.passDistance else { return [] }
            // The timer fires at or just after the deadline; allow for rounding.
            if abs(state.clock.sample(at: t)) + 1e-6 >= Double(distance) { state.passShown = true }
            return []
        }
    }

    /// The frame ticker saw the fade-in through (or effects were off):
    /// the message is fully lit, and a ticker kept only for it can stop.
    mutating func endFade(at t: Double) -> [PlayerEffect] {
        guard fadePending, !effectsAllowed || t >= cueStartedAt + PlayerState.fadeSeconds else { return [] }
        return transaction(at: t) { state in
            state.fadePending = false
            return []
        }
    }

    /// How the current message measures on the sign now (a new message, a
    /// resize). A message that was shown stays shown.
    mutating func apply(measure newMeasure: MessageMeasure?, at t: Double) -> [PlayerEffect] {
        guard newMeasure != measure else { return [] }
        return transaction(at: t) { state in
            state.measure = newMeasure
            return []
        }
    }

    /// Manual next (`forward`) or previous (`backward`). At the ends of a
    /// non-looping flow it does nothing but reveal the controls line.
    mutating func move(_ direction: CueSequence.Direction, at t: Double) -> [PlayerEffect] {
        transaction(at: t) { state in
            guard let position = state.nextPosition(direction) else { return [] }
            return state.jump(to: position, at: t)
        }
    }

    /// A manual move to an order position (next, previous, goto): it ends
    /// an interrupt, and leaving the finished end of `--once` resumes play.
    mutating func jump(to position: Int, at t: Double) -> [PlayerEffect] {
        let resumed = leaveCompletion(reason: "navigation")
        manualMoves += 1
        holdSlotForManualMove(at: t)
        let ended = dropInterrupt(reason: "navigation")
        return ended + show(position: position, automatic: false, at: t) + resumed
    }

    /// A finished `--once` flow plays again (a move, a load): the pause its
    /// end set is lifted, and logged with `reason`.
    mutating func leaveCompletion(reason: String) -> [PlayerEffect] {
        guard completed else { return [] }
        completed = false
        guard paused else { return [] }
        paused = false
        return [.log(.pause(paused: false, reason: reason))]
    }

    /// Replaces the cues after the cue file changed on disk, keeping the
    /// current message when it still exists.
    mutating func replaceCues(_ newCues: [Cue], at t: Double) -> [PlayerEffect] {
        guard !newCues.isEmpty else { return [] }
        return transaction(at: t) { state in
            let current = state.flowCue
            state.install(newCues)
            var effects: [PlayerEffect] = [.log(.reload(count: newCues.count))]
            if let kept = newCues.firstIndex(of: current), let position = state.order.firstIndex(of: kept) {
                state.orderPosition = position
            } else if state.interrupt != nil {
                // The interrupt stays on the sign; its return shows this one.
                state.completed = false
                state.orderPosition = min(state.orderPosition, newCues.count - 1)
            } else {
                state.completed = false
                effects += state.show(position: min(state.orderPosition, newCues.count - 1), automatic: false, at: t)
            }
            return effects
        }
    }

    /// Makes `newCues` the flow, with a fresh play order; where in it the
    /// sign stands is the caller's choice.
    mutating func install(_ newCues: [Cue]) {
        cues = newCues
        order = settings.shuffle
            ? ShuffleOrder.make(count: newCues.count, avoidingFirst: nil, using: &random)
            : Array(newCues.indices)
    }

    /// The order position after a move, reshuffling at the seam of a looping
    /// shuffled flow; `nil` at an end when not looping. Messages out of
    /// their schedule are stepped over (docs/schedules.md); nil when none
    /// is in window that way.
    mutating func nextPosition(_ direction: CueSequence.Direction) -> Int? {
        var position = orderPosition
        for _ in 0..<order.count {
            guard let step = CueSequence.step(from: position, count: order.count, direction: direction, loop: settings.loop) else {
                return nil
            }
            if settings.shuffle, direction == .forward, step == 0, order.count > 1 {
                order = ShuffleOrder.make(count: order.count, avoidingFirst: cueIndex, using: &random)
            }
            position = step
            if isInWindow(order[position]) { return position }
        }
        return nil
    }

    /// Shows the flow's message at an order position from its entry
    /// position; the caller has taken any interrupt down first.
    mutating func show(position: Int, automatic: Bool, at t: Double) -> [PlayerEffect] {
        orderPosition = position
        restartMessage(at: t)
        return [.log(.cue(index: cueIndex, count: cues.count, text: flowCue.text, automatic: automatic))]
    }

    /// The message on the sign starts over: a new layout, its entry
    /// position and speed, its fade, its pass still to run.
    mutating func restartMessage(at t: Double) {
        messageID += 1
        passShown = false
        cueStartedAt = t
        // Only a frame tick ends a fade (`endFade`): with no frames drawn
        // there is none to see, and none may keep anything waiting.
        fadePending = settings.drawsFrames
        clock.reset(to: 0, at: t)
        startMotion(at: t)
        captionClock.reset(to: 0, at: t)
    }

    /// The first `cue` event, logged when playback starts.
    public var initialCueRecord: EventRecord {
        .cue(index: cueIndex, count: cues.count, text: flowCue.text, automatic: false)
    }
}
