/// The reducer: the one function through which every input changes the player.
extension PlayerState {
    /// Applies `input` at `t` (seconds on the monotonic clock) and returns
    /// what the host must do. Pure: no clock, no I/O; derived state (the
    /// motion decision, the condition IDs, the countdown) is kept in step
    /// here, and a change of policy adds a `policy` record.
    public mutating func reduce(_ input: PlayerInput, at t: Double) -> [PlayerEffect] {
        switch input {
        case .start:
            begin(at: t)
            return [.log(initialCueRecord), .log(policyRecord)]
        case .key(let key):
            return handle(key: key, at: t)
        case .frameTick:
            return endFade(at: t)
        case .power(let conditions):
            return apply(power: conditions, at: t)
        case .scene(let phase):
            return setScene(phase, at: t)
        case .resized:
            return []
        case .measured(let measure):
            return apply(measure: measure, at: t)
        case .cuesReplaced(let cues):
            return replaceCues(cues, at: t)
        case .notice(let text):
            showNotice(text, at: t)
            return []
        case .idleTimeout:
            return hideControls(at: t)
        case .advanceDue:
            return advanceAutomatically(at: t)
        case .passDue:
            return completePass(at: t)
        case .remote(let command):
            return reduce(remote: command, at: t).effects
        case .interruptDue:
            return interruptDue(at: t)
        case .fieldsFilled(let filled):
            return fill(filled, at: t)
        case .localTime(let moment):
            return apply(localTime: moment, at: t)
        case .brokerLink(let link):
            return apply(link: link, at: t)
        case .wallClock(let offset):
            return apply(wallOffset: offset, at: t)
        case .driftDue:
            // Not a transaction: nothing a policy, a wait or the scroll
            // reads changes, so the advance goes on as it was.
            driftStep += 1
            return []
        }
    }
}
