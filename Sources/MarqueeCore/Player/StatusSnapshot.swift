/// What the sign is doing, as plain values: the control socket's `status`
/// reply is one ``PlayerState/statusSnapshot(at:)`` (the host adds what
/// only it knows, like its uptime).
public struct StatusSnapshot: Sendable, Equatable {
    /// The flow's message, from 1 (an interrupt returns to it), and how
    /// many the flow has.
    public var cueNumber: Int
    public var cueCount: Int
    /// The message on the sign (the interrupt's while one shows), cut like
    /// a `cue` record's (``EventRecord/excerptCharacters``).
    public var text: String
    public var interrupt: Bool
    /// Seconds until the interrupt ends; nil when none shows.
    public var interruptRemaining: Double?
    public var paused: Bool
    public var completed: Bool
    /// As the status line's frame rate (docs/status-line.md).
    public var framesDrawnPerSecond: Int
    /// `nominal`, `fair`, `serious`, `critical` or `unknown`; a simulated
    /// value (`t`, `--thermal`) wins, as in the `policy` record.
    public var thermal: String
    /// The simulated value or the probe's; nil when neither says.
    public var lowPower: Bool?
    /// `full`, `reduced` or `minimal` (docs/motion-policy.md).
    public var tier: String
    /// Characters per second, positive while the text moves left (the
    /// usual way), negative after a reversal, 0 when static: the speed the
    /// message on the sign moves at (its own, or the sign's).
    public var speed: Double
    /// The message's colour as `-c` spells it (its own, or the sign's) and
    /// the style it is drawn in.
    public var color: String
    public var style: String
    /// The LEDs' brightness in percent, as drawn: the message's own or
    /// `--brightness`, capped by quiet hours' `dim` (``PlayerState/shownBrightness``).
    public var brightness = Brightness.full.percent
    /// No message of the flow is in its schedule (docs/schedules.md).
    public var idle = false
    /// Quiet hours hold (`--quiet`), lit by a key or not.
    public var quiet = false
    /// `active`, `inactive` (the display is off) or `background`: the scene
    /// the motion policy reads, as the `policy` record says it.
    public var scene: String
    /// `on`, `off` or `unknown`, as the probe reads the screen.
    public var display: String
    /// `up` or `down` for a fleet sign (docs/fleet.md); nil for one alone.
    public var link: String?
    /// `--sync` is on (docs/cue-flow.md, "Playing in step").
    public var sync = false
    /// Under `--sync`, when the current slot ends, in wall-clock Unix
    /// seconds; nil until the sign knows the wall clock, and after the
    /// last slot of `--once`.
    public var slotEnd: Double?
}

extension PlayerState {
    /// The status at `t`. Pure: the remaining time of an interrupt is the
    /// only thing that needs the time.
    public func statusSnapshot(at t: Double) -> StatusSnapshot {
        var snapshot = StatusSnapshot(cueNumber: cueIndex + 1, cueCount: cues.count, text: EventRecord.excerpt(shownCue.text).text,
                       interrupt: interrupt != nil, interruptRemaining: interrupt?.remaining(at: t), paused: paused,
                       completed: completed, framesDrawnPerSecond: framesDrawnPerSecond,
                       thermal: settings.thermalOverride?.description ?? power.thermal?.description ?? "unknown",
                       lowPower: settings.lowPowerOverride ?? power.lowPower, tier: tier.rawValue,
                       speed: clock.speed == 0 ? 0 : clock.speed * clock.direction,
                       color: (shownColor ?? settings.color).spelled, style: shownStyle.rawValue,
                       scene: effectiveScene.rawValue, display: power.display?.rawValue ?? "unknown")
        snapshot.brightness = shownBrightness.percent
        snapshot.idle = idle
        snapshot.quiet = quietNow
        snapshot.link = brokerLink?.rawValue
        snapshot.sync = settings.sync
        snapshot.slotEnd = syncSlotEnd(at: t)
        return snapshot
    }
}
