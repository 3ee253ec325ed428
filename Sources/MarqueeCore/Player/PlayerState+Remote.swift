/// Remote commands (the control socket, later MQTT): each is one input,
/// and the caller gets an answer (docs/cue-flow.md, "Remote commands").
extension PlayerState {
    /// Carries out `command` inside the reducer's transaction; a refusal
    /// changes nothing.
    mutating func perform(_ command: RemoteCommand, at t: Double) -> (RemoteOutcome, [PlayerEffect]) {
        switch command {
        case .next where idle && scheduledCount == 0, .previous where idle && scheduledCount == 0:
            return (.refused("no message is in its schedule now"), [])
        case .next:
            guard let position = nextPosition(.forward) else { return (.refused("at the last cue (the flow does not loop)"), []) }
            return (.done, jump(to: position, at: t))
        case .previous:
            guard let position = nextPosition(.backward) else { return (.refused("at the first cue (the flow does not loop)"), []) }
            return (.done, jump(to: position, at: t))
        case .goto(let index):
            guard cues.indices.contains(index), let position = order.firstIndex(of: index) else {
                // Said for people, who count cues from 1.
                return (.refused("no cue \(index + 1) (the flow has \(cues.count))"), [])
            }
            // The sign never shows a message outside its window (docs/schedules.md).
            guard isInWindow(index) else {
                return (.refused("cue \(index + 1) is outside its schedule now (\(cues[index].schedule?.summary ?? "always"))"), [])
            }
            return (.done, jump(to: position, at: t))
        case .pause:
            return setPaused(true, at: t)
        case .resume:
            return setPaused(false, at: t)
        case .say(let newInterrupt):
            if let refusal = newInterrupt.refusal { return (.refused(refusal), []) }
            return (.done, show(interrupt: newInterrupt, at: t))
        case .clear:
            guard interrupt != nil else { return (.cleared(false), []) }
            return (.cleared(true), endInterrupt(reason: "clear", at: t))
        case .add(let newCues):
            guard !newCues.isEmpty else { return (.refused("nothing to add: no cues"), []) }
            if let refusal = FlowLimits.refusal(adding: newCues, to: cues) { return (.refused(refusal), []) }
            return (.done, append(newCues, at: t))
        case .load(let newCues, let epoch, let deckZones):
            guard !newCues.isEmpty else { return (.refused("nothing to load: no cues"), []) }
            if let refusal = FlowLimits.refusal(adding: newCues, to: []) { return (.refused(refusal), []) }
            return (.done, load(newCues, epoch: epoch, at: t) + adopt(deckZones: deckZones))
        }
    }

    /// Explicit pause or resume: asking for the state the sign is in is no
    /// change, unlike the space bar's toggle.
    private mutating func setPaused(_ wanted: Bool, at t: Double) -> (RemoteOutcome, [PlayerEffect]) {
        guard motion.animationAllowed else {
            let text = "motion is stopped (\(motionStopReason)): \(wanted ? "pause" : "resume") unavailable"
            showNotice(text, at: t)
            return (.refused(text), [])
        }
        guard paused != wanted else { return (.done, []) }
        flow.setPaused(wanted)
        return (.done, [.log(.pause(paused: wanted, reason: "remote"))])
    }

    /// Appends to the flow. The message shown and its wait carry on, except
    /// when a single message becomes a flow: its scroll position was counted
    /// from the right edge and a flow's from the view, so it starts over
    /// from its flow entry position (a `cue` record says so).
    /// A finished `--once` flow plays on from the first message added, as a
    /// `-f - --once` sign fed by a slow writer should.
    private mutating func append(_ newCues: [Cue], at t: Double) -> [PlayerEffect] {
        let wasFlow = isFlow
        let firstPosition = order.count
        appendCues(newCues)
        var effects: [PlayerEffect] = [.log(.add(added: newCues.count, count: cues.count))]
        if completed {
            let resumed = leaveCompletion(reason: "add")
            if interrupt == nil {
                effects += show(position: firstPosition, automatic: false, at: t)
            } else {
                // The interrupt stays; its return shows the new message.
                flow.stand(at: firstPosition)
            }
            return effects + resumed
        }
        if !wasFlow {
            if interrupt == nil {
                effects += show(position: orderPosition, automatic: false, at: t)
            } else {
                restartMessage(at: t)
            }
        }
        return effects
    }

    /// Replaces the flow and starts it at its first message with a full
    /// wait, unlike a file reload, which keeps the message shown: a load is
    /// a new programme. It ends an interrupt, and a finished `--once` flow
    /// plays again. The deck's epoch and zones replace the sign's, and a synced sign
    /// starts at the current slot's message (docs/cue-flow.md, "Playing in step").
    private mutating func load(_ newCues: [Cue], epoch: Double?, at t: Double) -> [PlayerEffect] {
        var effects = dropInterrupt(reason: "load")
        install(newCues)
        effects.append(.log(.load(count: newCues.count)))
        effects += adopt(epoch: epoch)
        let resumed = leaveCompletion(reason: "load")
        // Landing on the index shown before must still start the wait over.
        flow.countManualMove()
        sync.stand(nil)
        return effects + show(position: joinSlot(at: t) ?? 0, automatic: false, at: t) + resumed
    }
}
