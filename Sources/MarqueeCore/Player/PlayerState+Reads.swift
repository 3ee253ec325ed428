/// The root's reads of its slices' fields, under the names the host, the
/// drawing and the tests have always used: a slice is read through the
/// root, and written only through its own methods.
extension PlayerState {
    public var cues: [Cue] { flow.cues }
    public var anyCaption: Bool { flow.anyCaption }
    public var widestCaption: Int { flow.widestCaption }
    public var order: [Int] { flow.order }
    public var orderPosition: Int { flow.orderPosition }
    public var paused: Bool { flow.paused }
    public var completed: Bool { flow.completed }
    public var manualMoves: Int { flow.manualMoves }
    public var cueIndex: Int { flow.cueIndex }

    public var waitStartedAt: Double? { advance.waitStartedAt }
    public var frozenCountdown: Double { advance.frozenCountdown }

    public var messageID: Int { message.messageID }
    public var cueStartedAt: Double { message.cueStartedAt }
    public var fadePending: Bool { message.fadePending }
    public var measure: MessageMeasure? { message.measure }
    /// LEDs in one character of the scroll clock, from the measure (1
    /// until the host measured: then the clock counts LEDs).
    public var ledsPerCharacter: Double { measure?.ledsPerCharacter ?? 1 }
    public var passShown: Bool { message.passShown }
    public var filledCue: FilledCue? { message.filledCue }

    public var clock: ScrollClock { scroll.clock }
    public var captionClock: ScrollClock { scroll.captionClock }
    public var modeClock: ScrollClock { scroll.modeClock }

    public var power: PowerConditions { host.power }
    public var scenePhase: ScenePhase { host.scenePhase }
    public var brokerLink: BrokerLink? { host.brokerLink }

    public var helpOpen: Bool { controls.helpOpen }
    public var controlsVisible: Bool { controls.controlsVisible }
    public var controlsReveals: Int { controls.controlsReveals }
    public var notice: String? { controls.notice }

    /// The `say` message shown in place of the flow's, if any.
    public var interrupt: ActiveInterrupt? { interrupts.interrupt }

    public var inWindow: [Bool] { schedule.inWindow }
    public var scheduledCount: Int { schedule.scheduledCount }
    public var idle: Bool { schedule.idle }
    public var localTime: LocalMoment? { schedule.localTime }
    public var scheduleSerial: Int { schedule.scheduleSerial }
    public var quietNow: Bool { schedule.quietNow }
    public var quietLit: Bool { schedule.quietLit }

    public var syncEpoch: Double { sync.syncEpoch }
    public var wallOffset: Double? { sync.wallOffset }
    public var syncStanding: SyncStanding? { sync.syncStanding }
    public var syncWait: (start: Double, deadline: Double)? { sync.syncWait }

    public var driftStep: Int { drift.step }
}
