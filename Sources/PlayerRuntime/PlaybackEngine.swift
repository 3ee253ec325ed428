import MarqueeCore

/// Runs a `PlayerState` in time. Every input goes through ``send(_:)``:
/// it is reduced, the host performs the effects, the engine's timed tasks
/// are brought in step, and the frame is drawn once. An input sent while
/// that is going on (an effect that reads the probe, a notice found while
/// measuring) waits in a queue and joins the same batch, so nothing nests
/// and each batch draws once (the Composable Architecture's `Store` buffers
/// actions the same way).
///
/// The timed tasks are data the state declares (``PlayerState/timers``:
/// the automatic advance, the end of a scrolling message's pass, the end
/// of a `say` interrupt, the controls-line hide timer, `--drift`'s moves,
/// and whatever a new feature adds): the engine keeps one
/// `ConditionTaskRunner` per ``TimerKey``, keyed by the spec's condition ID
/// (docs/condition-ids.md), and knows none of them by name; when one fires
/// it sends the spec's input like any other source. The frame ticker follows
/// its own condition ID the same way, but ticks from the host's timer
/// (`scheduleTick`), a callback per frame rather than a task. The clock is
/// injected, so tests drive time by hand, and `--snapshot` runs the same
/// engine on a virtual clock (`ManualClock`), its waits the clock's timers
/// (`scheduleWait`).
///
/// ```swift
/// let engine = PlaybackEngine(state: state, clock: LoopClock(), executor: EventLoop.main)
/// engine.onFrame = { screen.draw(...) }
/// engine.start(with: [.power(probe.read())])
/// engine.send(.key(.character("n")))
/// engine.send(.goto(9)) { outcome in reply(outcome.ok, outcome.error) }
/// ```
@MainActor
public final class PlaybackEngine<C: Clock> where C.Duration == Duration {
    public private(set) var state: PlayerState
    public let clock: C
    public let origin: C.Instant
    /// Performs the effects of every input (log records, quit, probe).
    public var onEffects: ([PlayerEffect]) -> Void = { _ in }
    /// While `onEffects` runs: the moment the input was reduced at, which
    /// its records carry (a cue record says when the cue changed, not when
    /// the measure and the fields after it were done).
    public private(set) var effectsTime: Double?
    /// Draws the frame: once per batch of inputs and on each tick. It must
    /// only read the state (an input sent from here waits for the next batch).
    public var onFrame: () -> Void = {}
    /// The shortest time between two frames drawn for inputs; nil (the
    /// default): every batch draws. With it, a batch that ends sooner than
    /// this after the last such frame draws nothing then: one frame follows
    /// when the interval is up (or the ticker's next, whichever comes first), so
    /// a flood of inputs (1,600 `next` a second on the control socket)
    /// costs the terminal at most one frame per interval, and the keys
    /// between them are served at once. The ticker's own frames are the
    /// frame clock and are never held back.
    public var frameInterval: Duration?
    /// Called on each frame tick with how late it woke after its deadline
    /// (for the benchmark's jitter figures; unset in normal runs).
    public var onTickLateness: ((Duration) -> Void)?
    /// How the frame ticker waits for a deadline: calls the tick at
    /// `deadline`, on the main actor, and returns what calls it off. The
    /// player gives its event loop's timers, so a tick is one callback in
    /// the loop's turn — no task resumed, no hop through the main queue,
    /// one poll a frame (bench/README.md, "Against the limit"). Nil (the
    /// tests' manual clock): a task sleeping on `clock` per tick.
    public var scheduleTick: ((C.Instant, @escaping @Sendable @MainActor () -> Void) -> () -> Void)?
    /// How the timed waits the state declares (the advance, the pass, the
    /// interrupt, the controls line's hide, `--drift`'s steps…) wait for their deadlines,
    /// as `scheduleTick` does for the ticks. Nil (the player, the tests): a
    /// task each, sleeping on `clock`. A virtual clock's timers
    /// (`ManualClock.schedule`) make a run to a moment one synchronous pass
    /// over the deadlines in order, with no task to wait for (`--snapshot`).
    public var scheduleWait: ((C.Instant, @escaping @Sendable @MainActor () -> Void) -> () -> Void)?
    /// How the current message measures on the sign (the host has the font
    /// and the terminal size); asked after every input and reduced as
    /// ``PlayerInput/measured(_:)``, so the state always holds the measure
    /// of the message it shows.
    public var measure: (PlayerState) -> MessageMeasure? = { _ in nil }
    /// The shown message's live fields, when the host has a new reading of
    /// them (a message with fields appeared, a power reading changed what
    /// they show); asked after every input, before the measure, and reduced
    /// as ``PlayerInput/fieldsFilled(_:)``, so a frame never shows a
    /// message's fields unfilled. Nil: nothing new.
    public var fill: (PlayerState) -> FilledFields? = { _ in nil }
    /// The local civil time, when the state asks for it
    /// (``PlayerState/needsLocalTime``: the cues changed and have
    /// schedules); asked after every input, before the fields, and reduced
    /// as ``PlayerInput/localTime(_:)``, so no frame shows a message out of
    /// its window (docs/schedules.md). Nil: the host has no clock to read.
    public var localTime: () -> LocalMoment? = { nil }

    /// Inputs waiting for the batch in progress, each remote command with
    /// whoever waits for its answer.
    private var queue: [(input: PlayerInput, reply: (@MainActor (RemoteOutcome) -> Void)?)] = []
    /// A batch is being reduced or drawn: `send` only queues.
    private var inBatch = false
    private var started = false
    /// When (since `origin`) the last frame for inputs was drawn, and
    /// whether one is owed (a batch's frame held back by `frameInterval`).
    /// A concrete `Duration?`, not a `C.Instant?`: this code runs
    /// unspecialised across modules, where an optional of an associated
    /// type is a runtime metadata lookup on every frame.
    private var lastInputFrame: Duration?
    private var frameOwed = false
    private var owedFrames = 0

    /// One runner per timer the state has declared, by key; a key no
    /// longer declared has its runner called off and dropped.
    private var runners: [TimerKey: ConditionTaskRunner<TimerIdentity>] = [:]
    /// The state's `changeCount` the runners and the ticker were last
    /// brought in line with: a batch that changed nothing (a frame tick
    /// during a fade that has not ended) skips the diff.
    private var scheduledChange: Int?
    private let executor: (any TaskExecutor)?
    /// The frame ticker's condition ID, its tick waiting to run (and what
    /// calls it off), and a generation that a tick of an earlier ID finds
    /// changed: it then neither draws nor arms the next.
    private var tickerID: FrameTickerID?
    private var cancelTick: (() -> Void)?
    private var tickerGeneration = 0
    /// Ticks waiting on a task (no `scheduleTick`), for `liveTaskCount`.
    private var tickTasks = 0
    private let owedFrameRunner: ConditionTaskRunner<Int>

    /// `executor`: where the timed tasks' nonisolated work runs (see
    /// `ConditionTaskRunner`); the player passes its event loop.
    public init(state: PlayerState, clock: C, origin: C.Instant? = nil, executor: (any TaskExecutor)? = nil) {
        self.state = state
        self.clock = clock
        self.origin = origin ?? clock.now
        self.executor = executor
        owedFrameRunner = ConditionTaskRunner(executor: executor)
    }

    /// Seconds since the engine's origin on its clock.


    public func now() -> Double {
        let elapsed = origin.duration(to: clock.now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Starts playback: `initial` inputs (the first power reading) are
    /// reduced first, then ``PlayerInput/start``, in one batch with one
    /// frame, before any timed task runs.
    public func start(with initial: [PlayerInput] = []) {
        precondition(!started, "PlaybackEngine.start called twice")
        started = true
        queue = (initial + [.start]).map { ($0, nil) } + queue
        drain()
    }

    /// Hands the player one input. Before `start`, and while a batch is in
    /// progress, it waits in the queue.
    public func send(_ input: PlayerInput) {
        queue.append((input, nil))
        if started { drain() }
    }

    /// Hands the player a remote command, like `send(.remote(command))`,
    /// and calls `reply` with its outcome once it is reduced and its
    /// effects performed (in the same batch, before the frame is drawn).
    /// Queued like any input, it is judged against the state it meets then.
    public func send(_ command: RemoteCommand, reply: @escaping @MainActor (RemoteOutcome) -> Void) {
        queue.append((.remote(command), reply))
        if started { drain() }
    }

    /// Cancels every timed task (on quit).
    public func stop() {
        for runner in runners.values { runner.cancel() }
        stopTicker()
        tickerID = nil
        owedFrameRunner.cancel()
        // A batch after this brings everything back in line, as before.
        scheduledChange = nil
    }

    /// Whether the frame ticker is running (it must not while stopped).
    var isTicking: Bool { tickerID.map { $0.framesPerSecond > 0 } ?? false }
    /// Live timed tasks, for tests that check cancellation leaks nothing.
    var liveTaskCount: Int {
        runners.values.reduce(tickTasks + owedFrameRunner.liveTaskCount) { $0 + $1.liveTaskCount }
    }

    /// Reduces every queued input (and whatever they queue), then brings the
    /// timed tasks in step and draws, once.
    private func drain() {
        guard !inBatch else { return }
        inBatch = true
        defer { inBatch = false }
        repeat {
            while !queue.isEmpty {
                let (input, reply) = queue.removeFirst()
                let t = now()
                var effects: [PlayerEffect]
                var outcome: RemoteOutcome?
                if reply != nil, case .remote(let command) = input {
                    (outcome, effects) = state.reduce(remote: command, at: t)
                } else {
                    effects = state.reduce(input, at: t)
                }
                if state.needsLocalTime, let moment = localTime() { effects += state.reduce(.localTime(moment), at: t) }
                if let filled = fill(state) { effects += state.reduce(.fieldsFilled(filled), at: t) }
                effects += state.reduce(.measured(measure(state)), at: t)
                if !effects.isEmpty {
                    effectsTime = t
                    onEffects(effects)
                    effectsTime = nil
                }
                if let outcome, let reply { reply(outcome) }
            }
            reschedule()
            drawFrame(tick: false)
        } while !queue.isEmpty
    }

    /// Draws a batch's frame now, unless it comes sooner than
    /// `frameInterval` after the last frame drawn for inputs: then one
    /// frame is owed, drawn by the next tick or by a one-shot wait for the
    /// interval's end. A tick always draws (it is the frame clock), and
    /// pays what is owed; it does not hold back the next input's frame, so
    /// a lone key or an automatic advance is drawn at once, as before.
    private func drawFrame(tick: Bool) {
        let now = clock.now
        if tick {
            if frameOwed { drawOwed(at: now) } else { onFrame() }
            return
        }
        if let frameInterval, let lastInputFrame, origin.duration(to: now) - lastInputFrame < frameInterval {
            guard !frameOwed else { return }
            frameOwed = true
            owedFrames += 1
            let due = origin.advanced(by: lastInputFrame + frameInterval)
            owedFrameRunner.update(id: owedFrames) { [weak self] _ in
                guard let self else { return }
                do { try await Task.sleep(until: due, clock: self.clock) } catch { return }
                guard self.frameOwed else { return }
                self.drawOwed(at: self.clock.now)
            }
            return
        }
        lastInputFrame = origin.duration(to: now)
        onFrame()
    }

    /// Draws the frame owed to inputs (the state as it is now).
    private func drawOwed(at now: C.Instant) {
        frameOwed = false
        owedFrameRunner.cancel()
        lastInputFrame = origin.duration(to: now)
        onFrame()
    }

    /// Brings the runners and the ticker in line with the state's declared
    /// timers and ticker ID, when the state changed since the last time.
    private func reschedule() {
        guard state.changeCount != scheduledChange else { return }
        scheduledChange = state.changeCount
        let specs = state.timers
        for spec in specs { wait(for: spec) }
        // A key the state no longer declares: its wait is called off.
        for (key, runner) in runners where !specs.contains(where: { $0.key == key }) {
            runner.cancel()
            runners[key] = nil
        }
        updateTicker()
    }

    /// Keeps the wait `spec` declares: unless its runner already waits for
    /// the same identity, the wait before is called off (so a wait whose
    /// condition changed never fires) and a new one starts, until the
    /// spec's deadline (none: no wait), then its input.
    private func wait(for spec: TimerSpec) {
        let runner = runners[spec.key] ?? {
            let runner = ConditionTaskRunner<TimerIdentity>(executor: executor)
            runners[spec.key] = runner
            return runner
        }()
        guard runner.currentID != spec.identity || !runner.isStarted else { return }
        let input = spec.fires
        let deadline: Double? = switch spec.deadline {
        case .at(let seconds)?: seconds
        case .after(let seconds)?: now() + seconds
        case nil: nil
        }
        if let scheduleWait {
            runner.update(id: spec.identity) { [instant = deadline.map(instant(at:))] _ in
                guard let instant else { return nil }
                return scheduleWait(instant) { [weak self] in self?.send(input) }
            }
            return
        }
        runner.update(id: spec.identity) { [weak self] _ in
            guard let self, let deadline else { return }
            guard await self.sleep(until: deadline) else { return }  // the condition ID changed
            self.send(input)
        }
    }

    /// Sleeps until `seconds` on the engine's time line; false if cancelled.
    private func sleep(until seconds: Double) async -> Bool {
        do {
            try await Task.sleep(until: instant(at: seconds), clock: clock)
            return true
        } catch {
            return false
        }
    }

    /// The frame ticker follows its condition ID like the timed tasks: a
    /// new ID calls off the tick waiting and, if frames are to be drawn,
    /// arms the first of the new one.
    private func updateTicker() {
        let id = state.frameTickerID
        guard id != tickerID else { return }
        tickerID = id
        stopTicker()
        guard id.framesPerSecond > 0 else { return }
        let interval = Duration.seconds(1) / id.framesPerSecond
        armTick(at: clock.now.advanced(by: interval), interval: interval, generation: tickerGeneration)
    }

    private func stopTicker() {
        tickerGeneration += 1
        cancelTick?()
        cancelTick = nil
    }

    /// Waits for `deadline` (the host's timer, else a task on `clock`), then
    /// ticks and arms the next tick, while the ticker is still generation
    /// `generation`.
    private func armTick(at deadline: C.Instant, interval: Duration, generation: Int) {
        let fire: @Sendable @MainActor () -> Void = { [weak self] in
            guard let self, self.tickerGeneration == generation else { return }
            let next = self.tick(at: deadline, interval: interval)
            // The tick's own input (a fade's step) may have changed the ticker.
            guard self.tickerGeneration == generation else { return }
            self.armTick(at: next, interval: interval, generation: generation)
        }
        if let scheduleTick {
            cancelTick = scheduleTick(deadline, fire)
            return
        }
        let clock = self.clock
        tickTasks += 1
        let task = Task { @MainActor [weak self] in
            defer { self?.tickTasks -= 1 }
            do { try await Task.sleep(until: deadline, clock: clock) } catch { return }
            fire()
        }
        cancelTick = { task.cancel() }
    }

    /// One frame tick, due at `deadline`; returns the next deadline. A late
    /// frame is skipped (the next deadline moves past now), never queued.
    /// Deadlines stay on the 1/fps grid, but slots before the picture's
    /// next change are skipped: at 24 LEDs/s the sign ticks 24 times a
    /// second, each tick moving one LED, instead of 60 ticks of which most
    /// would draw nothing.
    private func tick(at deadline: C.Instant, interval: Duration) -> C.Instant {
        onTickLateness?(deadline.duration(to: clock.now))
        // A tick changes nothing but time, so it draws directly; while a
        // fade is pending it is an input (its end lets the ticker stop: the
        // new ticker ID then calls off the next tick).
        if state.fadePending { send(.frameTick) } else { drawFrame(tick: true) }
        var next = deadline.advanced(by: interval)
        let change = instant(at: state.nextVisibleChange(after: now()))
        while next < change { next = next.advanced(by: interval) }
        let now = clock.now
        if next < now {
            let behind = next.duration(to: now)
            let skipped = Int(behind / interval) + 1
            next = next.advanced(by: interval * skipped)
        }
        return next
    }

    private func instant(at seconds: Double) -> C.Instant {
        // In whole nanoseconds: `.seconds(Double)` converts through
        // 128-bit attoseconds, a few percent of a scroll step's CPU.
        // Rounded up, never before `seconds`: a timer must not fire at a
        // time its input would find not yet due.
        let nanoseconds = (seconds * 1e9).rounded(.up)
        guard nanoseconds.magnitude < 9e18 else { return origin.advanced(by: .seconds(seconds)) }
        return origin.advanced(by: .nanoseconds(Int64(nanoseconds)))
    }
}
