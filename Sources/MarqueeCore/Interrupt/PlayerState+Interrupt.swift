/// A `say` interrupt: shown at once in place of the flow's message; when
/// it ends the flow returns to the message it left (docs/cue-flow.md).
extension TimerKey {
    /// The end of a `say` interrupt.
    public static let interrupt = TimerKey("interrupt")
}

extension PlayerState {
    /// Key of the interrupt timer: a new `say` restarts it, its end or
    /// `clear` removes it.
    public var interruptTimerID: InterruptTimerID {
        InterruptTimerID(serial: interrupt?.serial ?? interrupts.interruptsShown, deadline: interrupt?.endsAt)
    }

    /// The interrupt timer: sleeps to the end its ID holds.
    var interruptTimer: TimerSpec {
        let id = interruptTimerID
        return TimerSpec(.interrupt, identity: id, deadline: id.deadline.map(TimerDeadline.at), fires: .interruptDue)
    }

    /// Shows `interrupt` now. A second one replaces the first; the return
    /// point stays the flow's message, which never changed underneath.
    mutating func show(interrupt newInterrupt: Interrupt, at t: Double) -> [PlayerEffect] {
        let ended = dropInterrupt(reason: "replaced")
        interrupts.show(newInterrupt, at: t)
        restartMessage(at: t)
        return ended + [.log(.interrupt(text: newInterrupt.cue.text, seconds: newInterrupt.seconds))]
    }

    /// Takes the interrupt down, saying why; the caller decides what the
    /// sign shows next.
    mutating func dropInterrupt(reason: String) -> [PlayerEffect] {
        guard interrupts.drop() else { return [] }
        return [.log(.interruptEnded(reason: reason))]
    }

    /// Ends the interrupt and shows the flow's message again from its
    /// entry position. The advance ID changes (no longer interrupted), so
    /// its wait starts over in full once the message is shown whole.
    mutating func endInterrupt(reason: String, at t: Double) -> [PlayerEffect] {
        guard interrupt != nil else { return [] }
        let ended = dropInterrupt(reason: reason)
        // The bar stood for the wait the interrupt cut short; the flow's
        // message comes back to a whole one.
        advance.refill()
        guard !idle else {
            // Nothing in window: back to the idle message, or dark.
            restartMessage(at: t)
            return ended
        }
        // A synced sign comes back to the fleet's current slot.
        return ended + show(position: joinSlot(at: t) ?? orderPosition, automatic: false, at: t)
    }

    /// Whether the interrupt timer's input at `t` finds the interrupt due
    /// (the timer fires at or just after the end; allow for rounding).
    func interruptEnds(at t: Double) -> Bool {
        guard let interrupt else { return false }
        return t + 1e-6 >= interrupt.endsAt
    }
}
