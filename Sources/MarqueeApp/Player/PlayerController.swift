import EventLoop
import Glibc
import MarqueeCore
import MarqueeTerminal
import PlayerRuntime

/// The interactive player: turns keys, signals, timers, power readings and
/// cue-file changes into `PlayerInput`s for the playback engine, performs
/// the effects the reducer returns, draws the frames on its display (only
/// reading the state), writes the events log, and closes the display (which
/// restores the terminal) on every way out. A headless sign has no keys and
/// draws nothing (docs/headless.md). The path of an input is in
/// docs/architecture.md.
@MainActor
final class PlayerController {
    private let engine: PlaybackEngine<LoopClock>
    private let display: any SignDisplay
    private let fonts: FontStack
    private var layouts: MessageLayouts
    private var missingGlyphsNoticed = false
    private let log: EventLog?
    /// Where keys come from; nil for none (`--headless`).
    private let inputFD: Int32?
    private let power: PowerSampler?
    /// Uevents and power-profiles-daemon: a change of power at once rather
    /// than at the next probe interval (docs/power-probe.md, "Power news").
    private let powerNews: PowerNews?
    private let reloader: CueReloader?
    /// The control socket (docs/control.md), nil with `--no-control`.
    private let control: ControlServer?
    /// Live input (`-f -` streaming, `--follow`), nil for a cue file read once.
    private let feed: (any LiveCueSource)?
    /// The sign's part in a fleet (`--mqtt`, docs/fleet.md), nil alone.
    private let fleet: FleetMember?
    private var lastScene: MarqueeScene?
    private var quitContinuation: CheckedContinuation<Void, Never>?
    private var quitting = false
    /// The signal that ended the run (SIGINT, SIGTERM, SIGHUP — also for a
    /// terminal that went away —, SIGQUIT, or any other whose default action
    /// ends the process), if one did: the program dies of it once the
    /// terminal is restored.
    private(set) var endingSignal: TerminalSignal?
    private var backgroundTasks: [Task<Void, Never>] = []
    private let frameTrace: FrameTrace?
    /// `LEDMARQUEE_TEST_TRAP=1`: trap on purpose after the first frame, so
    /// the end-to-end tests can check that a real crash restores the
    /// terminal (docs/testing.md).
    private let trapAfterFirstFrame: Bool

    /// `display` is open (a `Screen` has the terminal already); the player
    /// closes it.
    init(state: PlayerState, display: any SignDisplay, environment: [String: String], fonts: FontStack, log: EventLog?,
         inputFD: Int32?, power: PowerSampler?, powerNews: PowerNews? = nil, reloader: CueReloader?,
         feed: (any LiveCueSource)? = nil, control: ControlServer? = nil, fleet: FleetMember? = nil) {
        self.display = display
        // Only the open screen knows its colours; the glyphs follow them.
        var state = state
        state.adapt(to: display.glyphs(term: environment["TERM"]))
        engine = PlaybackEngine(state: state, clock: LoopClock(), executor: EventLoop.main)
        self.fonts = fonts
        layouts = MessageLayouts(fonts: fonts)
        self.log = log
        self.inputFD = inputFD
        self.power = power
        self.powerNews = powerNews
        self.reloader = reloader
        self.control = control
        self.feed = feed
        self.fleet = fleet
        frameTrace = FrameTrace(environment: environment)
        trapAfterFirstFrame = environment["LEDMARQUEE_TEST_TRAP"] == "1"
    }

    /// Plays until a quit key or signal; returns the exit status. `notes`
    /// (cuts made while reading the cues) go to the log, since the terminal
    /// now belongs to the sign. The signals must have been blocked
    /// (`SignalEvents.block`). A log whose `start` record cannot be
    /// written ends the run before the first frame, with the terminal
    /// given back: the caller reports `log.loss` (docs/events-log.md).
    func run(notes: [String]) async -> Int32 {
        if let log, log.write(.start(version: Version.current, columns: display.columns, rows: display.rows), at: engine.now()) != nil {
            display.close()
            return 1
        }
        notes.forEach { record(.error(message: $0)) }
        // `--format auto` chose as the first cues came, before the log was open.
        if let choice = feed?.formatChoice { record(choice) }
        log?.onLateLoss = { [weak self] notice in self?.engine.send(.notice(notice)) }
        // The first cut is shown on the sign, with how many more the log has.
        if let first = notes.first {
            engine.send(.notice(notes.count > 1 ? "\(first) (+\(notes.count - 1) more)" : first))
        }
        engine.onEffects = { [weak self] effects in self?.perform(effects) }
        // Headless, nothing is drawn: no frame is even composed.
        if engine.state.settings.drawsFrames {
            engine.onFrame = { [weak self] in self?.render() }
            // However many inputs arrive, the terminal gets at most the
            // fastest frame rate's frames (docs/architecture.md).
            engine.frameInterval = .seconds(1) / 60
        }
        // Frame ticks are timers of the loop: the tick runs in the loop's
        // turn on the main thread, one poll a frame.
        engine.scheduleTick = { deadline, tick in
            let timer = EventLoop.main.schedule(at: deadline) { MainActor.assumeIsolated { tick() } }
            return { EventLoop.main.cancel(timer) }
        }
        engine.measure = { [weak self] state in self?.measure(state) }
        let engine = engine
        let fields = LiveFields(clock: engine.clock, state: { engine.state }, now: { engine.now() },
                                send: { engine.send(.fieldsFilled($0)) }, report: { [weak self] in self?.report($0) })
        engine.fill = { fields.fill($0) }
        let schedule = ScheduleTimer(clock: engine.clock, state: { engine.state }, send: { engine.send(.localTime($0)) })
        engine.localTime = { schedule.localTime() }
        if let frameTrace { engine.onTickLateness = { frameTrace.record(lateness: $0) } }
        startPowerNews()
        // The first reading joins the start's batch: the opening records and
        // the first frame already know the machine's state.
        let wallClock = WallClockWatch(sync: engine.state.settings.sync, now: { engine.now() }, send: { engine.send($0) })
        engine.start(with: (power.map { [.power($0.read(engine.now()))] } ?? []) + [wallClock.reading])
        // Keys and signals are inputs of the loop, their callbacks run on
        // its thread, which on EventLoop.main is the main actor. Weak: the
        // loop may still hold a callback after the player has gone. A
        // headless sign has no keys.
        let keys = inputFD.map { fd in KeyboardInput(fd: fd, onKey: { [weak self] key in
            MainActor.assumeIsolated { self?.engine.send(.key(key)) }
        }, onEnd: { [weak self] in
            // The terminal is gone (hang-up without SIGHUP, e.g. a dropped
            // SSH session under a shell that traps it): nobody can see the
            // sign or quit it, so stop rather than draw into the void. It is
            // a hang-up, and ends as one (129), not as a quit: a supervisor
            // that restarts on failure must see a failure.
            MainActor.assumeIsolated { self?.handle(.hangup) }
        }) }
        let signals = SignalEvents.watch { [weak self] signal in
            MainActor.assumeIsolated { self?.handle(signal) }
        }
        if signals == nil { report("no signalfd: signals are not handled") }
        control?.start { [weak self] request in
            MainActor.assumeIsolated { self?.answer(request) ?? .error("the sign is stopping") }
        }
        startFleet()
        startPeriodicWork()
        // Each read is one replacement of the flow, however many lines it
        // brought (docs/cue-flow.md, "Live input").
        feed?.follow { [weak self] update in
            guard let self else { return }
            if case .remote(let command)? = update.input, let list = update.cues {
                // Lines `add`ed from the socket may have filled the flow
                // (docs/limits.md); the live list alone is within it.
                var outcome: RemoteOutcome?
                self.engine.send(command) { outcome = $0 }
                if case .refused? = outcome { self.engine.send(.cuesReplaced(list)) }
            } else if let input = update.input {
                self.engine.send(input)
            }
            update.notes.forEach { self.report($0) }
            if let choice = update.choice { self.record(choice) }
        }
        await withCheckedContinuation { quitContinuation = $0 }
        backgroundTasks.forEach { $0.cancel() }
        // First: the sign says it goes offline while all else still runs.
        fleet?.stop()
        powerNews?.stop()
        fields.stop()
        schedule.stop()
        wallClock.stop()
        feed?.stop()
        keys?.stop()
        signals?.stop()
        engine.stop()
        let end = engine.now(), utc = WallClock.now()
        log?.write(.quit, at: end, utc: utc)
        control?.broadcast(EventRecord.quit.jsonLine(at: end, utc: utc))
        // No request is taken once the sign stops; watchers see the end.
        control?.close()
        frameTrace?.flush()
        display.close()
        // After the terminal is given back: a stalled reader of the log
        // holds the exit up to a second, never the sign.
        log?.finish()
        return log?.loss == nil ? 0 : 1
    }

    /// Writes a record to the log. One that cannot be written is said on
    /// the controls line, so the loss is never silent; the state shows the
    /// same failure again at most every `NoticeLimiter.repeatSeconds`
    /// (docs/events-log.md), and the exit status tells the rest.
    private func record(_ record: EventRecord) {
        let now = engine.now()
        // One reading of the wall clock for both copies: a `watch` client's
        // line is the log's line, to the millisecond.
        let utc = WallClock.now()
        // `watch` clients get every record, with or without a log.
        if let control, control.hasWatchers { control.broadcast(record.jsonLine(at: now, utc: utc)) }
        guard let log, let failure = log.write(record, at: now, utc: utc) else { return }
        engine.send(.notice(EventLog.notice(failure)))
    }

    /// An error a person should know of: an `error` record, and a notice on
    /// the controls line (which the state rate-limits, docs/status-line.md).
    private func report(_ message: String) {
        // The error's own notice first: an events-log failure it causes comes
        // within the same 3 s, so the limiter holds that one back instead.
        engine.send(.notice(message))
        record(.error(message: message))
    }

    /// Answers a control request (docs/control.md): `status` and `watch`
    /// read or follow the sign, a `load` of a file reads it here; every
    /// other request is one `.remote` input (``RemoteCommandTable``).
    private func answer(_ request: ControlRequest) -> ControlReply {
        switch request.action {
        case .status:
            return ControlStatus.reply(engine.state.statusSnapshot(at: engine.now()), uptime: engine.now())
        case .watch:
            return .watch
        case .remote(let command, let notes):
            notes.forEach(report)
            return perform(command)
        case .loadFile(let path):
            do throws(Platform.Failure) {
                // On the loop: a FIFO or device would block it, so only a
                // regular file is read, as the cue reloader does.
                let loaded = try Program.loadCueFile(path, seconds: control?.defaultSeconds ?? SecondsPerMessage.standard,
                                                     regularFileOnly: true)
                loaded.notes.forEach(report)
                return perform(.load(loaded.cues, epoch: loaded.epoch))
            } catch {
                return .error(error.message)
            }
        }
    }

    /// Hands `command` to the engine and turns its outcome into the reply.
    /// The socket's handlers run on the loop outside any batch, so the
    /// engine reduces the command, and answers, before `send` returns.
    private func perform(_ command: RemoteCommand) -> ControlReply {
        var outcome: RemoteOutcome?
        engine.send(command) { outcome = $0 }
        switch outcome {
        case .done?: return .ok
        case .cleared(let cleared)?:
            var json = JSONObjectWriter()
            json.add("ok", true)
            json.add("cleared", cleared)
            return .object(json.finish())
        case .refused(let reason)?: return .error(reason)
        case nil: return .error("the sign is busy; try again")
        }
    }

    private func perform(_ effects: [PlayerEffect]) {
        for effect in effects {
            switch effect {
            case .log(let entry):
                record(entry)
                switch entry {
                case .load, .reload: MemoryRelease.afterCuesDropped()
                default: break
                }
            case .quit: quit()
            case .probePower: readPower()
            }
        }
        fleet?.stateChanged()
    }

    /// Joins the fleet: its decks and commands become inputs like the
    /// control socket's (docs/fleet.md).
    private func startFleet() {
        let engine = engine
        fleet?.start(FleetMember.Player(
            send: { engine.send($0) },
            answer: { [weak self] request in self?.answer(request) ?? .error("the sign is stopping") },
            report: { [weak self] message in self?.report(message) },
            status: { engine.state.statusSnapshot(at: engine.now()) }))
    }

    /// Opens the sources of power news before the first reading, so no
    /// change falls between that reading and the watch (the bus one loop
    /// turn later, after the first frame: its watch asks the profile as it
    /// starts); which opened is a record of the log only (a machine
    /// without them is normal).
    private func startPowerNews() {
        guard let powerNews, power != nil else { return }
        powerNews.start(onUevent: { [weak self] in
            MainActor.assumeIsolated { self?.readPower() }
        }, onProfile: { [weak self] profile in
            MainActor.assumeIsolated {
                self?.power?.setProfile(profile)
                self?.readPower()
            }
        }, onSources: { [weak self] sources in
            MainActor.assumeIsolated { self?.record(sources) }
        })
    }

    /// Takes a power reading now; it joins the batch in progress, if any.
    /// The reading's time is the engine's, the clock the probe interval
    /// sleeps on.
    private func readPower() {
        if let power { engine.send(.power(power.read(engine.now()))) }
    }

    /// How the current message measures on this terminal; says once (a
    /// notice, queued behind the input being reduced) when some characters
    /// have no glyph in any font.
    private func measure(_ state: PlayerState) -> MessageMeasure {
        let measure = layouts.measure(state, columns: display.columns, rows: display.rows)
        if !missingGlyphsNoticed, layouts.line(for: state.shownCue.text).usedPlaceholder {
            missingGlyphsNoticed = true
            report(FontLoader.missingGlyphsNotice(fallbackInstalled: fonts.fallback != nil))
        }
        return measure
    }

    private func quit() {
        guard !quitting else { return }
        quitting = true
        quitContinuation?.resume()
        quitContinuation = nil
    }

    private func handle(_ signal: TerminalSignal) {
        switch signal {
        case .interrupt, .terminate, .hangup, .quit, .ending:
            if !quitting { endingSignal = signal }
            quit()
        case .reopenLog:
            reopenLog()
        case .resize:
            display.updateSize()
            record(.resize(columns: display.columns, rows: display.rows))
            lastScene = nil
            engine.send(.resized)
        case .suspend:
            engine.send(.scene(.background))
            display.suspend()
            SignalEvents.stopSelf()
        case .resume:
            display.resume()
            // The whole frame is drawn again, and power is re-read (the
            // .probePower effect of going active) in the same batch, before
            // that first frame.
            lastScene = nil
            engine.send(.scene(.active))
        }
    }

    /// SIGUSR1: the events log is reopened at its path, after logrotate
    /// moved it (docs/events-log.md, "Rotating the log").
    private func reopenLog() {
        guard let log else { return }
        if let failure = log.reopen() { report(failure) }
    }

    /// The power probe and the cue-file change check, each on its own
    /// interval; the check's interval follows the quality tier.
    private func startPeriodicWork() {
        let clock = engine.clock
        if let power {
            backgroundTasks.append(loopTask { [weak self] in
                while !Task.isCancelled {
                    do { try await Task.sleep(for: .seconds(power.interval), clock: clock) } catch { return }
                    self?.readPower()
                }
            })
        }
        if let reloader {
            backgroundTasks.append(loopTask { [weak self] in
                while !Task.isCancelled, let interval = self?.engine.state.tier.reloadCheckInterval {
                    do { try await Task.sleep(for: .seconds(interval), clock: clock) } catch { return }
                    guard let self else { return }
                    switch reloader.check() {
                    case .unchanged: break
                    case .changed(let cues): self.engine.send(.cuesReplaced(cues))
                    case .failed(let message): self.report(message)
                    }
                }
            })
        }
    }

    /// The events log's `format` record for how `--format auto` read the input.
    private func record(_ choice: CueStream.Choice) {
        record(.format(source: choice.source, format: choice.format == .json ? "deck" : "lines", reason: choice.reason))
    }

    /// Draws the frame the state shows now. Reads the state only.
    private func render() {
        guard !quitting else { return }
        let state = engine.state
        let (scene, frame) = layouts.changedFrame(state, at: engine.now(), columns: display.columns, rows: display.rows,
                                                  shown: lastScene)
        guard let frame else { return }
        lastScene = scene
        display.draw(frame)
        if trapAfterFirstFrame { preconditionFailure("LEDMARQUEE_TEST_TRAP=1: the trap the crash tests ask for") }
    }
}
