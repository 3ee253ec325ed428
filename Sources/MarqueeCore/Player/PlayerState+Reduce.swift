/// The reducer: the one function through which every input changes the
/// player, and the only place a door is opened (`transaction`, or `change`
/// for an input no follow-up reads). Each input opens at most one; a
/// handler never opens another, so nesting cannot happen (and would stop
/// on the doors' precondition if it did).
extension PlayerState {
    /// Applies `input` at `t` (seconds on the monotonic clock) and returns
    /// what the host must do. Pure: no clock, no I/O; derived state (the
    /// motion decision, the condition IDs, the countdown) is kept in step
    /// here, and a change of policy adds a `policy` record. An input that
    /// changes nothing opens no door.
    public mutating func reduce(_ input: PlayerInput, at t: Double) -> [PlayerEffect] {
        switch input {
        case .start:
            return change { state in
                state.begin(at: t)
                return [.log(state.initialCueRecord), .log(state.policyRecord)]
            }
        case .key(let key):
            return transaction(at: t) { $0.handle(key: key, at: t) }
        case .frameTick:
            guard fadeEnds(at: t) else { return [] }
            return transaction(at: t) { state in
                state.message.endFade()
                return []
            }
        case .power(let conditions):
            guard conditions != power else { return [] }
            return transaction(at: t) { $0.apply(power: conditions) }
        case .scene(let phase):
            guard phase != scenePhase else { return [] }
            return transaction(at: t) { $0.setScene(phase) }
        case .resized:
            return []
        case .measured(let newMeasure):
            // A message that was shown stays shown.
            guard newMeasure != measure else { return [] }
            return transaction(at: t) { state in
                state.message.set(measure: newMeasure)
                return state.reportShortSlot(at: t)
            }
        case .cuesReplaced(let cues):
            guard !cues.isEmpty else { return [] }
            return transaction(at: t) { $0.replaceCues(cues, at: t) }
        case .deckZones(let deckZones):
            guard deckZones != zones.deckZones else { return [] }
            return transaction(at: t) { $0.adopt(deckZones: deckZones) }
        case .notice(let text):
            return change { state in
                state.showNotice(text, at: t)
                return []
            }
        case .idleTimeout:
            return transaction(at: t) { $0.hideControls(at: t) }
        case .advanceDue:
            return transaction(at: t) { $0.advanceAutomatically(at: t) }
        case .passDue:
            return transaction(at: t) { $0.completePass(at: t) }
        case .enterDue:
            guard enterEnds(at: t) else { return [] }
            return transaction(at: t) { $0.completeEnter(at: t) }
        case .remote(let command):
            return reduce(remote: command, at: t).effects
        case .interruptDue:
            guard interruptEnds(at: t) else { return [] }
            return transaction(at: t) { $0.endInterrupt(reason: "time", at: t) }
        case .fieldsFilled(let filled):
            guard let newFill = newFill(filled) else { return [] }
            return transaction(at: t) { state in
                state.message.set(filled: newFill)
                return []
            }
        case .localTime(let moment):
            return transaction(at: t) { $0.apply(localTime: moment, at: t) }
        case .feedNote(let written):
            // Status line only: no timer, wait or policy reads it.
            let note = written.map { String(TerminalText.visible($0).prefix(40)) }.flatMap { $0.isEmpty ? nil : $0 }
            guard note != host.feedNote else { return [] }
            return change { state in
                state.host.set(feedNote: note)
                return []
            }
        case .brokerLink(let link):
            // No follow-up: nothing the motion policy, a wait or the scroll reads changes.
            guard link != brokerLink else { return [] }
            return change { $0.apply(link: link) }
        case .wallClock(let offset):
            guard offset.isFinite, offset != wallOffset else { return [] }
            return transaction(at: t) { $0.apply(wallOffset: offset, at: t) }
        case .pageDue:
            // No follow-up: the page is read by the picture only, never by
            // the advance's condition ID or the motion policy.
            guard restPages > 1 else { return [] }
            return change { state in
                state.turnPage()
                return []
            }
        case .driftDue:
            // No follow-up: nothing a policy, a wait or the scroll reads
            // changes, so the advance goes on as it was.
            return change { state in
                state.drift.move()
                return []
            }
        }
    }

    /// Applies `command` at `t` like ``reduce(_:at:)`` applies
    /// ``PlayerInput/remote(_:)``, and also says whether it was done, for
    /// the sender's reply. A refused command changes nothing; pause and
    /// resume, refused while the motion policy stops the sign, also show
    /// why on the controls line, as the space bar does.
    ///
    /// ```swift
    /// let (outcome, effects) = state.reduce(remote: .goto(8), at: now)
    /// // outcome == .refused("no cue 9 (the flow has 3)"), effects == []
    /// ```
    public mutating func reduce(remote command: RemoteCommand, at t: Double) -> (outcome: RemoteOutcome, effects: [PlayerEffect]) {
        var outcome = RemoteOutcome.done
        let effects = transaction(at: t) { state in
            let (result, effects) = state.perform(command, at: t)
            outcome = result
            return effects
        }
        return (outcome, effects)
    }

    /// Playback begins at `t`: the message starts from its entry position
    /// and the first wait is a full one, however long start-up took.
    private mutating func begin(at t: Double) {
        // A synced sign opens on the fleet's current slot, cut in as the
        // first message is, without a fade.
        if let position = joinSlot(at: t), position != orderPosition {
            flow.stand(at: position)
            restartMessage(at: t)
            message.cutIn()
        }
        scroll.resetScroll(at: t)
        // The controls line shows at start, as after a key, so a newcomer
        // sees "? help" before the idle timer hides it.
        controls.reveal()
        advance.follow(nil)
        syncDerivedState(at: t)
    }
}
