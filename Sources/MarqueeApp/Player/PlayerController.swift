import EventLoop
import Glibc
import MarqueeCore
import MarqueeTerminal
import PlayerRuntime

/// The interactive player: runs the playback engine with the input
/// sources `Program` lists (``InputSources``: keys, signals, the feed, the
/// control socket, the fleet, power, fields, schedules, the wall clock),
/// which reach it only through a ``PlayerPort``; performs the effects the
/// reducer returns, answers requests, acts on signals, draws the frames on
/// its display (only reading the state), writes the events log, and closes
/// the display (which restores the terminal) on every way out. A headless
/// sign draws nothing (docs/headless.md). The path of an input is in
/// docs/architecture.md.
@MainActor
final class PlayerController {
    private let engine: PlaybackEngine<LoopClock>
    private let display: any SignDisplay
    private let fonts: FontStack
    private var layouts: MessageLayouts
    private var missingGlyphsNoticed = false
    private let log: EventLog?
    /// The probe the `probePower` effect reads.
    private let power: PowerSampler?
    /// The control socket (docs/control.md), nil with `--no-control`: its
    /// `watch` clients get every record, and it is closed after the last.
    /// Its requests come as an input source's.
    private let control: ControlServer?
    /// Everything that sends the sign inputs, in `Program`'s order.
    private let sources: InputSources
    private var lastScene: MarqueeScene?
    private var quitContinuation: CheckedContinuation<Void, Never>?
    private var quitting = false
    /// The signal that ended the run (SIGINT, SIGTERM, SIGHUP — also for a
    /// terminal that went away —, SIGQUIT, or any other whose default action
    /// ends the process), if one did: the program dies of it once the
    /// terminal is restored.
    private(set) var endingSignal: TerminalSignal?
    private let frameTrace: FrameTrace?
    /// `LEDMARQUEE_TEST_TRAP=1`: trap on purpose after the first frame, so
    /// the end-to-end tests can check that a real crash restores the
    /// terminal (docs/testing.md).
    private let trapAfterFirstFrame: Bool
    /// Makes `snapshot`'s pictures, off the loop's thread.
    private lazy var snapshots = SnapshotTaker { [unowned self] pitch in picture(pitch: pitch) }

    /// `display` is open (a `Screen` has the terminal already); the player
    /// closes it.
    init(state: PlayerState, display: any SignDisplay, environment: [String: String], fonts: FontStack, log: EventLog?,
         power: PowerSampler?, control: ControlServer?, sources: [any InputSource]) {
        self.display = display
        // Only the open screen knows its colours; the glyphs follow them.
        var state = state
        state.adapt(to: display.glyphs(term: environment["TERM"]))
        engine = PlaybackEngine(state: state, clock: LoopClock(), executor: EventLoop.main)
        self.fonts = fonts
        layouts = MessageLayouts(fonts: fonts)
        self.log = log
        self.power = power
        self.control = control
        self.sources = InputSources(sources)
        frameTrace = FrameTrace(environment: environment)
        trapAfterFirstFrame = environment["LEDMARQUEE_TEST_TRAP"] == "1"
    }

    /// Plays until a quit key or signal; returns the exit status. `notes`
    /// (cuts made while reading the cues) go to the log, since the terminal
    /// now belongs to the sign, and so do `opening` records (how `--format
    /// auto` read the first cues). The signals must have been blocked
    /// (`SignalEvents.block`). A log whose `start` record cannot be
    /// written ends the run before the first frame, with the terminal
    /// given back: the caller reports `log.loss` (docs/events-log.md).
    func run(notes: [String], opening: [EventRecord] = []) async -> Int32 {
        if let log, log.write(.start(version: Version.current, columns: display.columns, rows: display.rows), at: engine.now()) != nil {
            display.close()
            return 1
        }
        notes.forEach { record(.error(message: $0)) }
        // `--format auto` chose as the first cues came, before the log was open.
        opening.forEach(record)
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
        if let frameTrace { engine.onTickLateness = { frameTrace.record(lateness: $0) } }
        // The sources' first inputs (the first power reading, the wall
        // clock's offset) join the start's batch: the opening records and
        // the first frame already know the machine's state.
        sources.start(port()) { engine.start(with: $0) }
        await withCheckedContinuation { quitContinuation = $0 }
        // The last listed first: the fleet says the sign goes offline while
        // all else still runs.
        sources.stop()
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
        // An effect's record is stamped with its input's moment: the wait
        // it started counts from there, so the log must too.
        let now = engine.effectsTime ?? engine.now()
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
        case .snapshot(let pitch):
            let reply = PendingReply()
            snapshots.take(pitch: pitch) { reply.fulfil(SnapshotReply.reply($0)) }
            return .pending(reply)
        case .loadFile(let path):
            do throws(Platform.Failure) {
                // On the loop: a FIFO or device would block it, so only a
                // regular file is read, as the cue reloader does.
                let loaded = try Program.loadCueFile(path, seconds: control?.defaultSeconds ?? SecondsPerMessage.standard,
                                                     regularFileOnly: true)
                loaded.notes.forEach(report)
                return perform(.load(loaded.cues, epoch: loaded.epoch, zones: loaded.zones))
            } catch {
                return .error(error.message)
            }
        }
    }

    /// The LEDs the sign shows now, as `--export x.png` would draw them
    /// (``SignPicture``): read from the state as a frame is.
    private func picture(pitch: Int) -> SignPicture {
        let state = engine.state
        let panel = layouts.leds(state, at: engine.now(), columns: display.columns, rows: display.rows)
        return SignPicture(panel: panel, pitch: pitch, signColor: state.settings.color)
    }

    /// Hands `command` to the engine and turns its outcome into the reply.
    /// The socket's handlers run on the loop outside any batch, so the
    /// engine reduces the command, and answers, before `send` returns.
    private func perform(_ command: RemoteCommand) -> ControlReply {
        switch outcome(of: command) {
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

    /// Hands `command` to the engine; its outcome, when it was reduced
    /// before this returns (nil: the sign is busy).
    private func outcome(of command: RemoteCommand) -> RemoteOutcome? {
        var outcome: RemoteOutcome?
        engine.send(command) { outcome = $0 }
        return outcome
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
        sources.effectsPerformed()
    }

    /// The `probePower` effect (a key, the sign coming back to the
    /// foreground): a reading now, which joins the batch in progress.
    private func readPower() {
        if let power { engine.send(power.input(at: engine.now())) }
    }

    /// What the sources may ask of the player; each function holds it
    /// weakly, as a callback the loop still holds may outlive it.
    private func port() -> PlayerPort {
        let engine = engine
        return PlayerPort(
            clock: engine.clock, now: { engine.now() }, state: { engine.state },
            send: { [weak self] input in self?.engine.send(input) },
            command: { [weak self] command in self?.outcome(of: command) },
            answer: { [weak self] request in self?.answer(request) ?? .error("the sign is stopping") },
            snapshot: { [weak self] pitch, done in
                guard let self else { return done(.failure(.init("the sign is stopping"))) }
                snapshots.take(pitch: pitch, done: done)
            },
            report: { [weak self] message in self?.report(message) },
            record: { [weak self] record in self?.record(record) },
            signal: { [weak self] signal in self?.handle(signal) },
            setFill: { engine.fill = $0 },
            setLocalTime: { engine.localTime = $0 })
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

    /// Draws the frame the state shows now. Reads the state only.
    private func render() {
        guard !quitting else { return }
        let (scene, frame) = layouts.changedFrame(engine.state, at: engine.now(), columns: display.columns, rows: display.rows,
                                                  shown: lastScene)
        guard let frame else { return }
        lastScene = scene
        display.draw(frame)
        if trapAfterFirstFrame { preconditionFailure("LEDMARQUEE_TEST_TRAP=1: the trap the crash tests ask for") }
    }
}
