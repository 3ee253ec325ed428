/// Schedules and quiet hours (docs/schedules.md): which messages are in
/// window, what an idle flow shows, and how quiet hours dim or darken the
/// sign. The host reads the local time at each edge and hands it in as
/// ``PlayerInput/localTime(_:)``; everything here is pure.
extension PlayerState {
    /// The host should read the clock and send ``PlayerInput/localTime(_:)``:
    /// the schedules changed since the last reading (the engine asks after
    /// every input, so no frame shows a stale window).
    public var needsLocalTime: Bool { schedule.timeSerial != schedule.scheduleSerial }

    /// Whether anything here reads the clock: a cue with a schedule, or
    /// quiet hours. Without either the host runs no schedule timer at all.
    public var followsSchedules: Bool { !inWindow.isEmpty || settings.quiet != nil }

    /// Whether the cue at `index` may show now.
    public func isInWindow(_ index: Int) -> Bool { schedule.isInWindow(index) }

    /// Quiet hours with `--quiet-mode off`, not lit by a key: dark and
    /// still, stopped by the motion policy as a sign in the background is.
    public var quietDark: Bool { quietNow && !quietLit && settings.quiet?.mode == .off }

    /// Nothing on the LED panel: quiet hours off, or an idle flow without
    /// `--idle-message` (an interrupt still shows on an idle sign).
    public var isDark: Bool { quietDark || (idle && interrupt == nil && settings.idleCue == nil) }

    /// Quiet hours' `dim=PERCENT` while it holds and no key has lit the
    /// sign: the brightness the LEDs may have at most (``ledBrightness``).
    public var quietBrightnessCap: Brightness? {
        guard quietNow, !quietLit, case .dim(let percent)? = settings.quiet?.mode else { return nil }
        return Brightness(percent: percent)
    }

    /// The first civil moment after `moment` at which any message's window
    /// or quiet hours change; the host turns it into a wake-up
    /// (``ZoneTimeline/nextWake(after:zone:nextEdge:)``). Work follows the
    /// distinct schedules, at edges only.
    public func nextScheduleEdge(after moment: LocalMoment) -> LocalMoment? {
        var schedules = Set(inWindow.isEmpty ? [] : cues.compactMap(\.schedule))
        if let quiet = settings.quiet { schedules.insert(quiet.schedule) }
        return schedules.compactMap { $0.nextEdge(after: moment) }.min { $0.civilSeconds < $1.civilSeconds }
    }

    /// A reading of the local time: windows and quiet hours follow it.
    mutating func apply(localTime moment: LocalMoment, at t: Double) -> [PlayerEffect] {
        if schedule.read(moment, cues: cues, quiet: settings.quiet) { sync.replan() }
        return []
    }

    /// Keeps the flow on a message in its window (run by every
    /// transaction): a message that left its window gives way at once to
    /// the next one in window, automatically; with none, the flow is idle;
    /// when one comes back, it shows. The message shown while still in
    /// window is never touched, so its wait goes on.
    mutating func followWindows(at t: Double) -> [PlayerEffect] {
        guard !inWindow.isEmpty || idle else { return [] }
        if isInWindow(cueIndex) {
            guard idle else { return [] }
            schedule.set(idle: false)
            // Under an interrupt its end shows the flow's message.
            return interrupt == nil ? show(position: joinSlot(at: t) ?? orderPosition, automatic: true, at: t) : []
        }
        // A synced sign goes to the current slot's message, in window by rule.
        if scheduledCount > 0, let next = joinSlot(at: t) ?? nextPosition(.forward) {
            schedule.set(idle: false)
            guard interrupt == nil else {
                flow.stand(at: next)
                return []
            }
            return show(position: next, automatic: true, at: t)
        }
        guard !idle else { return [] }
        schedule.set(idle: true)
        // The idle message starts from its entry position.
        if interrupt == nil { restartMessage(at: t) }
        return []
    }

    /// A key on a quiet sign lights it for the idle timeout. With
    /// `--quiet-mode off` the sign was dark, so that key only wakes it
    /// (true), unless it quits.
    mutating func lightQuietSign(for action: KeyAction?) -> Bool {
        guard quietNow else { return false }
        let wasDark = quietDark
        schedule.light()
        return wasDark && action != .quit
    }

    /// What the status line says of schedules: quiet hours (an idle flow is
    /// the play state's to say).
    var scheduleText: String {
        var parts: [String] = []
        if quietNow, let quiet = settings.quiet {
            switch (quiet.mode, quietLit) {
            case (_, true): parts.append("quiet hours (lit)")
            case (.dim(let percent), false): parts.append("quiet hours, dim \(percent)%")
            case (.off, false): parts.append("quiet hours")
            }
        }
        // An idle flow is said by the play state (`▶ idle message`).
        return parts.joined(separator: ", ")
    }
}
