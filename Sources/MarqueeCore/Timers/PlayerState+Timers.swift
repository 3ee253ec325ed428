/// Every timed job of the sign, as data (docs/condition-ids.md): each
/// slice declares its own next to its state, and this list gathers them.
/// A new timed feature adds its declaration and one entry here; the
/// engine (`PlaybackEngine`) runs whatever the list holds.
extension PlayerState {
    public var timers: [TimerSpec] {
        var specs = [advanceTimer, passTimer, enterTimer, interruptTimer, driftTimer, pageTimer]
        if let controlsTimer { specs.append(controlsTimer) }
        return specs
    }
}
