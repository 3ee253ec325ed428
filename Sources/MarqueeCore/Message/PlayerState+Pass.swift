/// A message is shown whole first (docs/condition-ids.md): the pass a
/// scrolling message makes before its seconds count, and its timer.
extension TimerKey {
    /// The end of a scrolling message's pass.
    public static let pass = TimerKey("pass")
}

extension PlayerState {
    /// Scroll distance, in LEDs, at which the message counts as shown: its
    /// last letter in view, or for a single message played once, gone past
    /// the left edge. Nil when the message does not need a pass.
    public var passDistance: Int? {
        guard scrollsNow, let measure else { return nil }
        if entersInView { return max(0, measure.textLEDs - measure.panelLEDs) }
        return settings.loop ? measure.textLEDs : measure.textLEDs + measure.panelLEDs
    }

    /// Whether the message has been shown whole, so its seconds may run.
    /// Its enter transition, too, must have run its course
    /// (docs/display.md, "Display modes").
    public var messageShown: Bool { (passShown || (passDistance ?? 0) == 0) && enterShown }

    /// When the running scroll reaches `passDistance`, on the monotonic
    /// clock; nil when it is reached already, not needed, or the scroll is
    /// stopped. A pure function of the scroll clock, so it is exact whatever
    /// the frame rate.
    public var passDeadline: Double? {
        // The distance is in LEDs, the clock in characters.
        guard !passShown, let distance = passDistance.map({ Double($0) / ledsPerCharacter }), distance > 0,
              clock.isRunning, clock.speed > 0 else { return nil }
        let position = clock.frozen
        let ahead = clock.direction * position >= 0
        let remaining = ahead ? distance - abs(position) : abs(position) + distance
        return clock.anchor + max(0, remaining) / clock.speed
    }

    /// Key of the pass timer: a new message or any change of the scroll
    /// (speed, direction, running) restarts it.
    public var passTimerID: PassTimerID { PassTimerID(messageID: messageID, deadline: passDeadline) }

    /// The pass timer: sleeps to the deadline its ID holds.
    var passTimer: TimerSpec {
        let id = passTimerID
        return TimerSpec(.pass, identity: id, deadline: id.deadline.map(TimerDeadline.at), fires: .passDue)
    }

    /// The pass timer fired: the scroll reached `passDistance`, so the
    /// message has been shown and its seconds start from zero.
    mutating func completePass(at t: Double) -> [PlayerEffect] {
        guard !passShown, let distance = passDistance else { return [] }
        // The timer fires at or just after the deadline; allow for rounding.
        if abs(clock.sample(at: t)) * ledsPerCharacter + 1e-6 >= Double(distance) { message.markShown() }
        return []
    }

    /// The message on the sign starts over: a new layout, its entry
    /// position and speed, its fade, its pass still to run.
    mutating func restartMessage(at t: Double) {
        message.restart(at: t, fades: settings.drawsFrames)
        scroll.resetScroll(at: t)
        startMotion(at: t)
        scroll.resetCaption(at: t)
        scroll.resetMode(at: t)
    }
}
