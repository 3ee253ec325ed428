/// The whole player as a value: a root holding one slice per concern —
/// the flow, the advance wait, the message shown, the scroll, what the
/// host reports, the controls line, the interrupt, schedules, sync, drift
/// — and the user's settings (docs/architecture.md, "Slices of state").
/// Each slice's fields change only through its own methods; anything that
/// reads two slices is the root's (derived values, the follow-ups). Inputs
/// arrive as mutating calls that return effects, and every change passes
/// through one of the root's two doors, `transaction` and `change`, opened
/// only by the reducer (`PlayerState+Reduce.swift`): a second door opened
/// inside the first is a precondition failure. Times are seconds on a
/// monotonic clock.
public struct PlayerState: Sendable {
    public private(set) var settings: PlayerSettings
    public internal(set) var flow: FlowState
    public internal(set) var advance = AdvanceState()
    public internal(set) var message = MessageState()
    public internal(set) var scroll: ScrollState
    public internal(set) var host = HostState()
    public internal(set) var controls = ControlsState()
    public internal(set) var interrupts = InterruptState()
    public internal(set) var schedule = ScheduleState()
    public internal(set) var sync: SyncState
    public internal(set) var drift = DriftState()
    public internal(set) var paging = PageState()
    public internal(set) var zones = ZoneState()
    /// Counts the changes made to the state: the engine diffs the timers
    /// only when it moved, so a frame tick that changes nothing costs none.
    public private(set) var changeCount = 0
    /// A door is open: a second one inside it would nest.
    private var changing = false

    /// Seconds a message change takes to fade in, when effects are allowed.
    public static let fadeSeconds = 0.3
    /// Cells per second a long caption scrolls at: slow enough to read.
    public static let captionSpeed = 8.0

    public init(cues: [Cue], settings: PlayerSettings, seed: UInt64 = 0, at t: Double = 0) {
        self.settings = settings
        // Each sign's shuffle would differ: synced signs play the deck's order.
        self.settings.shuffle = settings.shuffle && !settings.sync
        flow = FlowState(cues: cues, shuffle: self.settings.shuffle, seed: seed)
        sync = SyncState(epoch: settings.epoch)
        zones = ZoneState(deckZones: settings.deckZones)
        scroll = ScrollState(speed: settings.staticText ? 0 : settings.speed)
        // The first message appears at once: fades are for transitions.
        schedule.follow(cues: flow.cues)
        if settings.quiet != nil { schedule.askForTime() }
        startMotion(at: t)
        syncDerivedState(at: t)
    }

    // MARK: The two doors

    /// Applies `change`, keeps the flow on a message in its schedule and
    /// derived state in step, and adds a `quiet`, `idle` or `policy` event
    /// when one of those changed. Opened by the reducer only, once per input.
    mutating func transaction(at t: Double, _ change: (inout PlayerState) -> [PlayerEffect]) -> [PlayerEffect] {
        open()
        defer { changing = false }
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

    /// Applies `change` with no follow-up: for inputs that touch nothing a
    /// policy, a wait, a window or the scroll reads (a drift step, a
    /// notice, the broker link). Opened by the reducer only.
    mutating func change(_ change: (inout PlayerState) -> [PlayerEffect]) -> [PlayerEffect] {
        open()
        defer { changing = false }
        return change(&self)
    }

    private mutating func open() {
        precondition(!changing, "a change opened inside another: only the reducer opens one, once per input")
        changing = true
        changeCount &+= 1
    }

    // MARK: The settings the keys change

    /// `t` key: auto → nominal → fair → serious → critical → auto.
    mutating func cycleThermalSimulation() {
        settings.thermalOverride = PlayerState.nextThermalSimulation(after: settings.thermalOverride)
    }

    /// `]` and `[` keys: the sign's `--brightness` (PlayerState+BrightnessKeys.swift).
    mutating func setSignBrightness(_ brightness: Brightness) {
        settings.brightness = brightness
    }

    /// `b` key: auto → on → off → auto.
    mutating func cycleLowPowerSimulation() {
        settings.lowPowerOverride = PlayerState.nextLowPowerSimulation(after: settings.lowPowerOverride)
    }

    /// `m` key.
    mutating func toggleReduceMotion() { settings.reduceMotion.toggle() }

    /// After `+`, `-` or `r`: the sign's own speed becomes what the key made
    /// it (``keepSignMotion()`` says when).
    mutating func keepSign(speed: Double, moving: Bool) {
        if moving { settings.staticText = false }
        settings.speed = speed
    }

    /// Adopts what the opened terminal can draw: a style its font cannot
    /// show is swapped for one it can (see ``GlyphRepertoire/drawableStyle(_:)``),
    /// and every later scene carries `glyphs` to the painter. The host
    /// calls it once, before playback starts.
    public mutating func adapt(to glyphs: TerminalGlyphs) {
        settings.glyphs = glyphs
        settings.style = glyphs.repertoire.drawableStyle(settings.style)
    }
}
