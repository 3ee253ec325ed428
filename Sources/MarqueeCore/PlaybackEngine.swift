/// Runs a `PlayerState` in time: feeds it inputs, keeps its four timed
/// tasks in step with it — the automatic advance, the end of a scrolling
/// message's pass, the frame ticker and the controls-line hide timer, each a `ConditionTaskRunner` keyed by the
/// inputs that should restart it — and tells its host when to draw and which
/// effects to perform. The clock is injected, so tests drive time by hand.
///
/// ```swift
/// let engine = PlaybackEngine(state: state, clock: LoopClock(), executor: EventLoop.main)
/// engine.onFrame = { screen.draw(...) }
/// engine.start()
/// engine.handle(key: .character("n"))
/// ```
@MainActor
public final class PlaybackEngine<C: Clock> where C.Duration == Duration {
    public private(set) var state: PlayerState
    public let clock: C
    public let origin: C.Instant
    /// Called with the effects of every input (log records, quit, probe).
    public var onEffects: ([PlayerEffect]) -> Void = { _ in }
    /// Called when a frame may have changed: after inputs and on each tick.
    public var onFrame: () -> Void = {}
    /// Called on each frame tick with how late it woke after its deadline
    /// (for the benchmark's jitter figures; unset in normal runs).
    public var onTickLateness: ((Duration) -> Void)?
    /// How the current message measures on the sign (the host has the font
    /// and the terminal size); asked after every input, so the state always
    /// holds the measure of the message it shows.
    public var measure: (PlayerState) -> MessageMeasure? = { _ in nil }

    private let advanceRunner: ConditionTaskRunner<AdvanceConditionID>
    private let passRunner: ConditionTaskRunner<PassTimerID>
    private let tickerRunner: ConditionTaskRunner<FrameTickerID>
    private let idleRunner: ConditionTaskRunner<Int>

    /// `executor`: where the timed tasks' nonisolated work runs (see
    /// `ConditionTaskRunner`); the player passes its event loop.
    public init(state: PlayerState, clock: C, origin: C.Instant? = nil, executor: (any TaskExecutor)? = nil) {
        self.state = state
        self.clock = clock
        self.origin = origin ?? clock.now
        advanceRunner = ConditionTaskRunner(executor: executor)
        passRunner = ConditionTaskRunner(executor: executor)
        tickerRunner = ConditionTaskRunner(executor: executor)
        idleRunner = ConditionTaskRunner(executor: executor)
    }

    /// Seconds since the engine's origin on its clock.
    public func now() -> Double {
        let elapsed = origin.duration(to: clock.now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Logs the opening records and starts the timed tasks.
    public func start() {
        state.begin(at: now())
        _ = state.apply(measure: measure(state), at: now())
        onEffects([.log(state.initialCueRecord), .log(state.policyRecord)])
        reschedule()
        onFrame()
    }

    public func handle(key: Key) { commit(state.handle(key: key, at: now())) }
    public func apply(power: PowerStatus) { commit(state.apply(power: power, at: now())) }
    public func setScene(_ phase: ScenePhase) { commit(state.setScene(phase, at: now())) }
    public func replaceCues(_ cues: [Cue]) { commit(state.replaceCues(cues, at: now())) }
    /// The terminal changed size: the message is measured again.
    public func resized() { commit([]) }
    public func showNotice(_ text: String) {
        state.showNotice(text)
        commit([])
    }

    /// Cancels every timed task (on quit).
    public func stop() {
        advanceRunner.cancel()
        passRunner.cancel()
        tickerRunner.cancel()
        idleRunner.cancel()
    }

    /// Whether the frame ticker is running (it must not while stopped).
    public var isTicking: Bool { tickerRunner.currentID.map { $0.framesPerSecond > 0 } ?? false }
    /// Live timed tasks, for tests that check cancellation leaks nothing.
    public var liveTaskCount: Int { advanceRunner.liveTaskCount + passRunner.liveTaskCount + tickerRunner.liveTaskCount + idleRunner.liveTaskCount }

    private func commit(_ effects: [PlayerEffect]) {
        let measured = state.apply(measure: measure(state), at: now())
        onEffects(effects + measured)
        reschedule()
        onFrame()
    }

    /// Brings the four runners in line with the state's condition IDs.
    private func reschedule() {
        advanceRunner.update(id: state.advanceID) { [weak self] id in
            guard id.conditions.shouldSchedule, let self, let start = self.state.waitStartedAt else { return }
            let deadline = self.instant(at: start + self.state.waitSeconds)
            do {
                try await Task.sleep(until: deadline, clock: self.clock)
            } catch {
                return  // cancelled: the condition ID changed
            }
            self.commit(self.state.advanceAutomatically(at: self.now()))
        }
        passRunner.update(id: state.passTimerID) { [weak self] id in
            guard let deadline = id.deadline, let self else { return }
            do {
                try await Task.sleep(until: self.instant(at: deadline), clock: self.clock)
            } catch {
                return  // the scroll or the message changed
            }
            self.commit(self.state.completePass(at: self.now()))
        }
        tickerRunner.update(id: state.frameTickerID) { [weak self] id in
            guard id.framesPerSecond > 0, let self else { return }
            await self.tick(framesPerSecond: id.framesPerSecond)
        }
        if state.controlsVisible {
            idleRunner.update(id: state.controlsReveals) { [weak self] _ in
                guard let self else { return }
                do {
                    try await Task.sleep(for: .seconds(self.state.settings.idleTimeout), clock: self.clock)
                } catch {
                    return
                }
                self.state.hideControls()
                self.commit([])  // the countdown bar may have been all that ticked
            }
        }
    }

    /// The frame loop: sleeps to each frame deadline; a late frame is
    /// skipped (the next deadline moves past now), never queued. Deadlines
    /// stay on the 1/fps grid, but slots before the picture's next change
    /// are skipped: at 24 LEDs/s the sign ticks 24 times a second, each tick
    /// moving one LED, instead of 60 ticks of which most would draw nothing.
    private func tick(framesPerSecond: Int) async {
        let interval = Duration.seconds(1) / framesPerSecond
        var deadline = clock.now.advanced(by: interval)
        while !Task.isCancelled {
            do {
                try await Task.sleep(until: deadline, clock: clock)
            } catch {
                return
            }
            onTickLateness?(deadline.duration(to: clock.now))
            onFrame()
            if state.fadePending {
                // The fade's end is an input: once it is drawn, a message at
                // rest has nothing left to tick for (this task is then
                // cancelled by the new ticker ID, and returns below).
                let effects = state.endFade(at: now())
                if !state.fadePending { commit(effects) }
            }
            deadline = deadline.advanced(by: interval)
            let change = instant(at: state.nextVisibleChange(after: now()))
            while deadline < change { deadline = deadline.advanced(by: interval) }
            let now = clock.now
            if deadline < now {
                let behind = deadline.duration(to: now)
                let skipped = Int(behind / interval) + 1
                deadline = deadline.advanced(by: interval * skipped)
            }
        }
    }

    private func instant(at seconds: Double) -> C.Instant {
        origin.advanced(by: .seconds(seconds))
    }
}
