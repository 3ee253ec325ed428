/// The display modes as the state plays them (docs/display.md, "Display
/// modes"): which ones the message on the sign has, what the motion policy
/// leaves of them, the enter timer, and what each adds to the scene at a
/// time. Every moment of a mode is a function of the mode clock
/// (``ScrollState/modeClock``), which freezes and resumes as the scroll does.
extension TimerKey {
    /// The end of the message's enter transition.
    public static let enter = TimerKey("enter")
}

extension PlayerState {
    /// How the message on the sign stays: its own `mode`, else `--mode`.
    public var shownMode: StayMode { currentCue.look.mode ?? settings.mode }

    /// The message's seed: its text and place (``ModeSeed``), so `random`
    /// and the random orders draw the same every run.
    public var modeSeed: UInt64 { ModeSeed.of(text: currentCue.text, index: interrupt == nil ? cueIndex : -1) }

    /// The enter transition that draws now (`random` made one), or nil: a
    /// cut, today's fade (the sign's shade ramp), or below the full tier,
    /// where transitions are cuts (docs/motion-policy.md). A sign that draws
    /// no frames (`--headless`) has none to see.
    public var drawnEnter: Transition? { drawn(currentCue.look.enter ?? settings.enter, seed: 0) }

    /// The exit transition that draws now, or nil (as ``drawnEnter``).
    public var drawnExit: Transition? { drawn(currentCue.look.exit ?? settings.exit, seed: 1) }

    /// Whether the message comes on with today's fade (the default enter).
    public var entersWithFade: Bool { (currentCue.look.enter ?? settings.enter) == .fade }

    /// `transition` as it draws now; the seed, which reads the text, only
    /// for `random` (`offset` gives the exit a draw of its own).
    private func drawn(_ transition: Transition, seed offset: UInt64) -> Transition? {
        guard transition != .cut, transition != .fade, effectsAllowed, settings.drawsFrames else { return nil }
        return transition == .random ? transition.resolved(seed: modeSeed &+ offset) : transition
    }

    /// Whether the message's modes are the sign's own drawing: scroll or
    /// hold, coming and going by a cut or the fade. Read first by what a
    /// frame tick asks (``nextModeChange(after:)``), so the default scroll
    /// pays a few comparisons a tick for the modes, whatever its text.
    var modesArePlain: Bool {
        let look = currentCue.look
        let mode = look.mode ?? settings.mode, enter = look.enter ?? settings.enter, exit = look.exit ?? settings.exit
        return (mode == .scroll || mode == .hold) && (enter == .cut || enter == .fade) && (exit == .cut || exit == .fade)
    }

    /// Seconds the enter transition runs on the mode clock; 0 when none draws.
    public var enterSeconds: Double { drawnEnter?.seconds ?? 0 }

    /// Whether the enter transition has run its course, so the message's
    /// seconds may run (``messageShown``).
    public var enterShown: Bool { message.entered || enterSeconds == 0 }

    /// Whether the message goes back and forth now: `bounce`, moving, and
    /// wider than the sign.
    public var bouncesNow: Bool { shownMode == .bounce && isScrolling && bounceDistance > 0 }

    /// Whether the `vertical` mode's lines move now: moving, allowed to,
    /// and more of them than the panel shows.
    public var verticalMoves: Bool {
        shownMode == .vertical && isScrolling && motion.animationAllowed && measure?.vertical?.moves == true
    }

    /// LEDs a bouncing message travels: its width less the panel's.
    var bounceDistance: Int { measure.map { max(0, $0.textLEDs - $0.panelLEDs) } ?? 0 }

    /// When the enter transition ends, on the monotonic clock; nil when it
    /// has ended, none draws, or the mode clock is stopped.
    public var enterDeadline: Double? {
        let seconds = enterSeconds
        guard !message.entered, seconds > 0, modeClock.isRunning else { return nil }
        return modeClock.anchor + max(0, seconds - modeClock.frozen)
    }

    /// The enter timer: keyed by the message and its deadline, which any
    /// stop or resume of the mode clock moves.
    var enterTimer: TimerSpec {
        let deadline = enterDeadline
        return TimerSpec(.enter, identity: PassTimerID(messageID: messageID, deadline: deadline),
                         deadline: deadline.map(TimerDeadline.at), fires: .enterDue)
    }

    /// Whether the enter timer's moment has come at `t`.
    func enterEnds(at t: Double) -> Bool {
        !message.entered && modeClock.sample(at: t) + 1e-6 >= enterSeconds
    }

    /// The enter timer fired: the message is fully shown; its wait starts.
    mutating func completeEnter(at t: Double) -> [PlayerEffect] {
        if enterEnds(at: t) { message.markEntered() }
        return []
    }

    /// The seconds of the wait still to run at `t`, for the exit; nil while
    /// no exit can come (no automatic advance). A `say`'s wait is its
    /// `for`, in the viewer's time: its exit plays in its last seconds,
    /// but only while the mode clock runs (a paused sign keeps its frame).
    func waitLeft(at t: Double) -> Double? {
        if let interrupt { return modeClock.isRunning ? interrupt.remaining(at: t) : nil }
        guard advancesAutomatically, isFlow else { return nil }
        let length = syncWait.map { $0.deadline - $0.start } ?? waitSeconds
        guard length > 0, waitStartedAt != nil || frozenCountdown < 1 else { return nil }
        return countdownRemaining(at: t) * length
    }

    /// Whether the message on the sign goes by itself, so its exit plays
    /// first: a flow's message before the automatic advance, a `say` at
    /// its end. A key's move cuts, so a key answers at once.
    var exitsBeforeNext: Bool { isFlow || interrupt != nil }

    /// What the modes need from the state for a frame, made once per
    /// template (``SceneTemplate``), so a tick reads only the clocks.
    func modeTemplate(kind: PlacementKind, geometry: ScreenGeometry) -> ModeTemplate? {
        let mode = shownMode
        let moving = motion.animationAllowed
        let enter = moving ? drawnEnter : nil
        let exit = moving && exitsBeforeNext ? drawnExit : nil
        let ledsPerSecond = clock.speed * ledsPerCharacter
        let template = ModeTemplate(
            stay: moving ? mode : .hold, seed: modeSeed, enter: enter, exit: exit,
            bounce: kind == .scrolling && bouncesNow ? (bounceDistance, ledsPerSecond, geometry.ledPitch) : nil,
            vertical: kind == .rest && verticalMoves ? measure?.vertical.map { ($0, clock.speed) } : nil,
            decorative: effectsAllowed)
        return template.isPlain ? nil : template
    }

    /// Whether the mode changes the picture on its own now (the frame
    /// ticker runs for it).
    var modeAnimates: Bool {
        guard !modesArePlain, shouldRenderFrames else { return false }
        if !enterShown || (drawnExit != nil && exitsBeforeNext && (waitStartedAt != nil || interrupt != nil)) { return true }
        switch shownMode {
        case .scroll, .hold: return false
        case .flash: return true
        case .bounce: return bouncesNow
        case .cycle, .twinkle: return effectsAllowed
        case .vertical: return verticalMoves
        }
    }

    /// The next time after `t` the mode's picture may change: at once
    /// while a transition runs, else its loop's next step, else the exit's
    /// start; infinity when it does not change by itself.
    func nextModeChange(after t: Double) -> Double {
        guard modeAnimates else { return .infinity }
        let now = modeClock.sample(at: t)
        if now < enterSeconds { return t }
        if let exit = drawnExit, let left = waitLeft(at: t) {
            let start = left - exit.seconds
            if start <= 0 { return t }
            if shownMode == .hold || shownMode == .scroll { return t + start }
        }
        let stay = now - enterSeconds
        func next(_ perSecond: Double) -> Double { t + ((stay * perSecond).rounded(.down) + 1) / perSecond - stay }
        switch shownMode {
        case .scroll, .hold: return .infinity
        case .flash: return next(2)
        case .bounce: return next(max(1, clock.speed * ledsPerCharacter))
        case .cycle: return next(Cycle.huesPerSecond)
        case .twinkle: return next(Twinkle.stepsPerSecond)
        case .vertical:
            guard let run = measure?.vertical else { return .infinity }
            return t + Vertical.nextChange(after: stay, run: run, charactersPerSecond: clock.speed) - stay
        }
    }

    /// `scene` with the modes' part at `t`: a transition's frame, flash's
    /// dark half, bounce's place, cycle's hues, twinkle's picture.
    func applyMode(_ mode: ModeTemplate, to scene: inout MarqueeScene, at t: Double) {
        let now = modeClock.sample(at: t)
        let enterSeconds = mode.enter?.seconds ?? 0
        if let enter = mode.enter, now < enterSeconds {
            scene.mode = ModeTemplate.transition(enter, entering: true, seconds: now, seed: mode.seed)
            // The stay mode starts when the message is fully shown.
            mode.applyStay(to: &scene, at: 0)
            return
        }
        let stay = now - enterSeconds
        mode.applyStay(to: &scene, at: stay)
        if let exit = mode.exit, let left = waitLeft(at: t), left < exit.seconds {
            scene.mode = ModeTemplate.transition(exit, entering: false, seconds: exit.seconds - max(0, left), seed: mode.seed)
        }
    }
}
