/// `--drift`'s timer (docs/display.md, "Drift"): a sign at rest moves one
/// LED every interval while somebody can see it.
extension TimerKey {
    /// The next one-LED move of `--drift`.
    public static let drift = TimerKey("drift")
}

extension PlayerState {
    /// Key of the drift timer: a step, or the scene becoming active again,
    /// starts a full interval; nil seconds while nobody can see the sign.
    public var driftTimerID: DriftTimerID {
        // A dark sign (quiet hours off, an idle flow) lights nothing to burn
        // in, nor does one that draws nothing (`--headless`).
        let burnsIn = effectiveScene == .active && !isDark && settings.drawsFrames
        return DriftTimerID(step: driftStep, seconds: burnsIn ? settings.driftSeconds : nil)
    }

    /// The drift timer: one interval from when its ID last changed.
    var driftTimer: TimerSpec {
        let id = driftTimerID
        return TimerSpec(.drift, identity: id, deadline: id.seconds.map(TimerDeadline.after), fires: .driftDue)
    }
}
