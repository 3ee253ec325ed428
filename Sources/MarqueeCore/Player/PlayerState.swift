/// The whole player as a value: cues, scroll clock, pause, power conditions,
/// overlays, a `say` interrupt. Inputs arrive as mutating calls that return effects; derived
/// values (motion decision, tier, condition IDs, the scene) are computed, so
/// there is one source of truth and everything is testable without a
/// terminal or real time. Times are seconds on a monotonic clock.
public struct PlayerState: Sendable {
    public internal(set) var settings: PlayerSettings
    public internal(set) var cues: [Cue] {
        didSet {
            measureCaptions()
            scheduleCues()
            slotPlanSerial += 1
        }
    }
    /// Whether any cue has a caption (the caption row is kept for all of
    /// them, so the sign does not jump); kept with `cues` so no frame scans them.
    public private(set) var anyCaption = false
    /// Cells of the widest caption: wider than the terminal, every message
    /// gets two caption rows.
    public private(set) var widestCaption = 0
    /// Play order (indices into `cues`) and where in it we are.
    public internal(set) var order: [Int]
    public internal(set) var orderPosition = 0
    public internal(set) var clock: ScrollClock
    public internal(set) var paused = false
    public internal(set) var completed = false
    /// The scene as the host says (Ctrl-Z makes it background); see
    /// ``effectiveScene`` for the one the policy reads.
    public internal(set) var scenePhase: ScenePhase = .active
    public internal(set) var helpOpen = false
    public internal(set) var controlsVisible = false
    /// Counts key presses and notices that revealed the controls line: the
    /// hide timer is keyed by it, so each one restarts the idle timeout.
    public internal(set) var controlsReveals = 0
    /// A short message for the controls line (e.g. why pause was refused).
    public internal(set) var notice: String?
    /// Which reported notices are shown (docs/status-line.md).
    public internal(set) var noticeLimiter = NoticeLimiter()
    /// Until when a reported notice stands even against a key: the minimum
    /// time it is shown. Nil for a key's own answer, which the next key clears.
    public internal(set) var noticeHeldUntil: Double?
    public internal(set) var power: PowerConditions = .unknown
    /// Bumped by manual moves, part of the advance condition ID.
    public internal(set) var manualMoves = 0
    /// Bumped whenever the shown message (and so its layout) changes.
    public internal(set) var messageID = 0
    /// When the current message appeared (its fade starts there).
    public internal(set) var cueStartedAt: Double
    /// The current message's fade-in has not been seen to its end: until
    /// `endFade`, the frame ticker runs for it.
    public internal(set) var fadePending = false
    /// The automatic-advance wait: when it started, or the fraction left
    /// when it stopped (the countdown bar freezes there).
    public internal(set) var waitStartedAt: Double?
    public internal(set) var frozenCountdown = 1.0
    /// How the current message measures on the current sign, from the host
    /// (it needs the font and the terminal size); nil until it is known.
    public internal(set) var measure: MessageMeasure?
    /// Whether the scrolling message's last letter has come into view (or,
    /// for a single message played once, the message has crossed the sign).
    public internal(set) var passShown = false
    /// Position of a caption too long for two lines, which scrolls in its
    /// row; it runs with the frames and starts over with each message.
    public internal(set) var captionClock = ScrollClock(speed: PlayerState.captionSpeed)
    /// The shown message with its live fields filled in, for as long as
    /// `messageID` is the one it was filled for (docs/live-fields.md).
    public internal(set) var filledCue: FilledCue?
    /// The `say` message shown in place of the flow's, if any.
    public internal(set) var interrupt: ActiveInterrupt?
    /// Every `say` so far: the serial of the next interrupt.
    public internal(set) var interruptsShown = 0
    /// Whether each cue is in its schedule now, by index; empty when no
    /// cue has a schedule (then every one is), so a sign without schedules
    /// pays nothing (docs/schedules.md).
    public internal(set) var inWindow: [Bool] = []
    /// Cues in their schedule now (all of them without schedules).
    public internal(set) var scheduledCount = 0
    /// The flow has no message to show: none is in its schedule (or, with
    /// `--once`, none after the last one shown). The sign shows
    /// `--idle-message`, or goes dark.
    public internal(set) var idle = false
    /// The local time last read by the host, nil before the first.
    public internal(set) var localTime: LocalMoment?
    /// Bumped whenever the schedules the sign follows may have changed (the
    /// cues changed and some have one): the host then reads the clock again
    /// and computes the next edge anew (``needsLocalTime``).
    public internal(set) var scheduleSerial = 0
    var timeSerial = 0
    /// Quiet hours hold now (`--quiet`).
    public internal(set) var quietNow = false
    /// A key lit the quiet sign: full brightness and motion until the
    /// controls line hides again.
    public internal(set) var quietLit = false
    /// Moves of `--drift` so far: where on its orbit a sign at rest stands
    /// (``RestDrift``).
    public internal(set) var driftStep = 0
    /// A fleet sign's link to its broker; nil for a sign alone (docs/fleet.md).
    public internal(set) var brokerLink: BrokerLink?
    /// `--sync`: the epoch of the deck playing, in Unix seconds (docs/cue-flow.md,
    /// "Playing in step"); a remote `load` brings its own.
    public internal(set) var syncEpoch: Double
    /// Wall-clock seconds (Unix time) at engine time 0, from the host
    /// (``PlayerInput/wallClock(offset:)``); nil until it says. A synced
    /// sign plays by the single-sign rule until it knows.
    public internal(set) var wallOffset: Double?
    /// The slot the synced sign stands in, and whether a manual move took
    /// it off the slot's message (it rejoins at the slot's end).
    public internal(set) var syncStanding: SyncStanding?
    /// The running synced wait, in engine time: the slot's start (for the
    /// countdown bar) and the deadline the advance sleeps to.
    public internal(set) var syncWait: (start: Double, deadline: Double)?
    /// Bumped whenever the slots may have changed (new cues, a schedule
    /// window opening or closing): part of the synced advance's key.
    var slotPlanSerial = 0
    /// Bumped by each synced advance, so even one that changes nothing
    /// (it woke a hair early) starts the next wait.
    var syncWakes = 0
    var lastAdvanceID: AdvanceConditionID?
    var random: SplitMix64

    /// Seconds a message change takes to fade in, when effects are allowed.
    public static let fadeSeconds = 0.3
    /// Cells per second a long caption scrolls at: slow enough to read.
    public static let captionSpeed = 8.0

    public init(cues: [Cue], settings: PlayerSettings, seed: UInt64 = 0, at t: Double = 0) {
        self.settings = settings
        // Each sign's shuffle would differ: synced signs play the deck's order.
        self.settings.shuffle = settings.shuffle && !settings.sync
        self.syncEpoch = settings.epoch
        self.cues = cues.isEmpty ? [Cue(text: "")] : cues
        self.random = SplitMix64(seed: seed)
        self.clock = ScrollClock(speed: settings.staticText ? 0 : settings.speed)
        // The first message appears at once: fades are for transitions.
        self.cueStartedAt = -.infinity
        self.order = Array(self.cues.indices)
        if self.settings.shuffle {
            order = ShuffleOrder.make(count: self.cues.count, avoidingFirst: nil, using: &random)
        }
        measureCaptions()
        scheduleCues()
        if settings.quiet != nil { scheduleSerial += 1 }
        startMotion(at: t)
        syncDerivedState(at: t)
    }

    // MARK: Derived values

    public var cueIndex: Int { order[orderPosition] }
    /// The message on the sign: an interrupt's while one shows, else the
    /// flow's, as written (see ``shownCue`` for what is drawn).
    public var currentCue: Cue { interrupt?.interrupt.cue ?? (idle ? idleCue : flowCue) }
    /// What an idle flow shows: `--idle-message`, else nothing (dark).
    public var idleCue: Cue { settings.idleCue ?? PlayerState.darkCue }
    static let darkCue = Cue(text: "")
    /// The message as the sign draws it: ``currentCue`` with its live
    /// fields filled in (it is `currentCue` when there are none).
    public var shownCue: Cue {
        if let filledCue, filledCue.messageID == messageID { return filledCue.cue }
        return currentCue
    }
    /// The flow's message, the one an interrupt returns to.
    public var flowCue: Cue { cues[cueIndex] }
    public var effectiveThermal: ThermalState { settings.thermalOverride ?? power.thermal ?? .nominal }
    public var effectiveLowPower: Bool { settings.lowPowerOverride ?? power.lowPower ?? false }
    public var surface: Surface { helpOpen ? .preview : .fullScreen }

    /// The scene the motion policy reads: suspended (Ctrl-Z) wins, then a
    /// display the probe reads as off makes it inactive (docs/motion-policy.md).
    /// Both come back on their own, so the rule is the same: nothing drawn,
    /// no advance scheduled, the scroll kept where it stood.
    public var effectiveScene: ScenePhase {
        if scenePhase == .background { return .background }
        return power.display == .off ? .inactive : scenePhase
    }

    public var motion: MotionDecision {
        MotionPolicy.resolve(surface: surface, lowPower: effectiveLowPower, reduceMotion: settings.reduceMotion,
                             thermal: effectiveThermal, scene: effectiveScene, quiet: quietDark)
    }

    public var tier: QualityTier { QualityTier(thermal: effectiveThermal, lowPower: effectiveLowPower) }
    /// Decorative effects need both a nominal policy and the full tier.
    public var effectsAllowed: Bool { motion.effectsAllowed && tier.allowsEffects }
    /// Frames are rendered (and the scroll clock runs) only while this holds.
    public var shouldRenderFrames: Bool { motion.animationAllowed && !paused }
    /// Held still (`--static`, a message's `static`) is a clock at speed 0.
    public var isScrolling: Bool { clock.speed > 0 && !completed }

    /// Two or more messages rotate; each enters already in view.
    public var isFlow: Bool { cues.count >= 2 }

    /// A flow moves on by itself; so does a single message played once,
    /// which completes after one pass.
    /// With schedules, a flow rotates while two or more of its messages are
    /// in window; an idle flow does not move at all.
    public var advancesAutomatically: Bool { !idle && ((isFlow && scheduledCount >= 2) || !settings.loop) }

    /// Laid out as a flow's message: entering in view, held at rest when
    /// it fits. The idle message is too: a shop's `CLOSED` stands still.
    public var entersInView: Bool { isFlow || (idle && interrupt == nil) }

    /// A flow message that fits on the sign is held at rest, whole, for its
    /// seconds instead of scrolling.
    public var holdsAtRest: Bool { entersInView && measure?.fitsOnOneLine == true }

    /// Whether the message moves (or, paused, would move): the scroll clock
    /// runs only while this and `shouldRenderFrames` hold.
    public var scrollsNow: Bool { isScrolling && !holdsAtRest }

    /// Scroll distance, in LEDs, at which the message counts as shown: its
    /// last letter in view, or for a single message played once, gone past
    /// the left edge. Nil when the message does not need a pass.
    public var passDistance: Int? {
        guard scrollsNow, let measure else { return nil }
        if entersInView { return max(0, measure.textLEDs - measure.panelLEDs) }
        return settings.loop ? measure.textLEDs : measure.textLEDs + measure.panelLEDs
    }

    /// Whether the message has been shown whole, so its seconds may run.
    public var messageShown: Bool { passShown || (passDistance ?? 0) == 0 }

    /// Seconds of the automatic-advance wait once the message is shown. A
    /// single message played once completes as soon as its pass ends.
    public var waitSeconds: Double {
        !isFlow && passDistance != nil ? 0 : flowCue.seconds
    }

    public var advanceConditions: AdvanceConditions {
        // In step, a message gives way at its slot's end whether or not its
        // pass is over: signs of other widths scroll other distances.
        AdvanceConditions(advancesAutomatically: advancesAutomatically, sceneActive: effectiveScene == .active, paused: paused,
                          motionAllowed: motion.animationAllowed, framesPerSecond: motion.framesPerSecond, completed: completed,
                          messageShown: syncActive || messageShown, interrupted: interrupt != nil)
    }

    /// When the running scroll reaches `passDistance`, on the monotonic
    /// clock; nil when it is reached already, not needed, or the scroll is
    /// stopped. A pure function of the scroll clock, so it is exact whatever
    /// the frame rate.
    public var passDeadline: Double? {
        guard !passShown, let distance = passDistance.map(Double.init), distance > 0,
              clock.isRunning, clock.speed > 0 else { return nil }
        let position = clock.frozen
        let ahead = clock.direction * position >= 0
        let remaining = ahead ? distance - abs(position) : abs(position) + distance
        return clock.anchor + max(0, remaining) / clock.speed
    }

    /// Key of the pass timer: a new message or any change of the scroll
    /// (speed, direction, running) restarts it.
    public var passTimerID: PassTimerID { PassTimerID(messageID: messageID, deadline: passDeadline) }

    /// Key of the interrupt timer: a new `say` restarts it, its end or
    /// `clear` removes it.
    public var interruptTimerID: InterruptTimerID {
        InterruptTimerID(serial: interrupt?.serial ?? interruptsShown, deadline: interrupt?.endsAt)
    }

    /// Key of the drift timer: a step, or the scene becoming active again,
    /// starts a full interval; nil seconds while nobody can see the sign.
    public var driftTimerID: DriftTimerID {
        // A dark sign (quiet hours off, an idle flow) lights nothing to burn
        // in, nor does one that draws nothing (`--headless`).
        let burnsIn = effectiveScene == .active && !isDark && settings.drawsFrames
        return DriftTimerID(step: driftStep, seconds: burnsIn ? settings.driftSeconds : nil)
    }

    public var advanceID: AdvanceConditionID {
        AdvanceConditionID(conditions: advanceConditions, cueIndex: cueIndex, manualMoves: manualMoves, sync: syncWaitKey)
    }

    /// Whether the picture changes on its own: the scroll, a long caption,
    /// the rainbow, a running countdown bar, a fade. A message at rest with
    /// none of these needs no frame ticks at all.
    public var animates: Bool {
        guard !isDark else { return false }
        return scrollsNow || captionClock.isRunning || (showsRainbow && effectsAllowed)
            || (controlsVisible && waitStartedAt != nil) || (effectsAllowed && fadePending)
    }

    /// Key of the frame ticker: a new rate, or ticking switched on or off,
    /// restarts it; when not rendering, nothing animates, or nothing draws
    /// the frames (`--headless`), there is no ticker at all.
    public var frameTickerID: FrameTickerID {
        FrameTickerID(framesPerSecond: settings.drawsFrames && shouldRenderFrames && animates ? motion.framesPerSecond : 0)
    }

    /// Fraction of the current wait still to run, 1 = full, 0 = advancing.
    public func countdownRemaining(at t: Double) -> Double {
        guard let start = waitStartedAt else { return frozenCountdown }
        if let syncWait {
            let length = syncWait.deadline - syncWait.start
            guard length > 0 else { return 0 }
            return min(1, max(0, (syncWait.deadline - t) / length))
        }
        guard waitSeconds > 0 else { return 0 }
        let elapsed = max(0, t - start)
        return min(1, max(0, 1 - elapsed / waitSeconds))
    }

    /// Brightness of lit LEDs: a short ramp after a message change when
    /// effects are allowed, otherwise a plain cut.
    public func litShade(at t: Double) -> LEDShade {
        guard effectsAllowed else { return .lit }
        return LEDShade.lit(brightness: (t - cueStartedAt) / PlayerState.fadeSeconds)
    }

    /// Playback begins at `t`: the message starts from its entry position
    /// and the first wait is a full one, however long start-up took.
    mutating func begin(at t: Double) {
        // A synced sign opens on the fleet's current slot, cut in as the
        // first message is, without a fade.
        if let position = joinSlot(at: t), position != orderPosition {
            orderPosition = position
            restartMessage(at: t)
            cueStartedAt = -.infinity
            fadePending = false
        }
        clock.reset(to: 0, at: t)
        // The controls line shows at start, as after a key, so a newcomer
        // sees "? help" before the idle timer hides it.
        controlsVisible = true
        controlsReveals += 1
        lastAdvanceID = nil
        syncDerivedState(at: t)
    }

    /// The latest time after `t` at which the picture may next change on its
    /// own: the scroll reaching the next LED, a fade or countdown step, the
    /// rainbow's next hue. At most half a second away, so the loop never
    /// sleeps long on a stale answer.
    public func nextVisibleChange(after t: Double) -> Double {
        if controlsVisible, waitStartedAt != nil { return t }          // countdown bar
        if effectsAllowed, t < cueStartedAt + PlayerState.fadeSeconds { return t }
        var next = t + 0.5
        if showsRainbow, effectsAllowed {
            next = min(next, ((t * 6).rounded(.down) + 1) / 6)
        }
        next = min(next, clock.nextStep(after: t), captionClock.nextStep(after: t))
        return next
    }

    private mutating func measureCaptions() {
        anyCaption = cues.contains { $0.caption != nil }
        widestCaption = cues.reduce(0) { max($0, $1.displayCaption?.width ?? 0) }
    }

    // MARK: Keeping derived state in step

    /// Folds the scroll position when "should render frames" changed, and
    /// restarts or freezes the countdown when the advance condition ID
    /// changed: the scroll resumes where it stopped, the wait starts over
    /// (docs/condition-ids.md).
    mutating func syncDerivedState(at t: Double) {
        clock.setRunning(shouldRenderFrames && scrollsNow, at: t)
        captionClock.setRunning(shouldRenderFrames && measure?.captionScrolls == true, at: t)
        let id = advanceID
        guard id != lastAdvanceID else { return }
        let cueChanged = lastAdvanceID?.cueIndex != id.cueIndex || lastAdvanceID?.manualMoves != id.manualMoves
        if id.conditions.shouldSchedule {
            waitStartedAt = t
            planSyncWait(at: t)
        } else {
            frozenCountdown = cueChanged ? 1 : countdownRemaining(at: t)
            waitStartedAt = nil
            syncWait = nil
        }
        lastAdvanceID = id
    }

    /// The policy as logged; a change of it is a `policy` event.
    var policyRecord: EventRecord {
        let motion = motion
        return .policy(fps: motion.framesPerSecond, animation: motion.animationAllowed, effects: effectsAllowed,
                       tier: tier.rawValue, thermal: settings.thermalOverride.map(\.description) ?? power.thermal?.description ?? "unknown",
                       lowPower: effectiveLowPower, reduceMotion: settings.reduceMotion, scene: effectiveScene.rawValue,
                       display: power.display?.rawValue ?? "unknown")
    }

    /// Applies `change`, keeps the flow on a message in its schedule and
    /// derived state in step, and adds a `quiet`, `idle` or `policy` event
    /// when one of those changed.
    mutating func transaction(at t: Double, _ change: (inout PlayerState) -> [PlayerEffect]) -> [PlayerEffect] {
        let before = policyRecord
        let (wasIdle, wasQuiet) = (idle, quietNow)
        var effects = change(&self)
        effects += followWindows(at: t)
        syncDerivedState(at: t)
        if quietNow != wasQuiet { effects.append(.log(.quiet(on: quietNow, mode: settings.quiet?.mode.text ?? "off"))) }
        if idle != wasIdle { effects.append(.log(.idle(showing: idle ? (settings.idleCue == nil ? "dark" : "message") : "flow"))) }
        if policyRecord != before { effects.append(.log(policyRecord)) }
        return effects
    }
}
