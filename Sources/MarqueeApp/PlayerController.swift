import EventLoop
import Glibc
import MarqueeCore
import MarqueeTerminal

/// The interactive player: opens the screen, routes keys, signals and power
/// readings into the playback engine, draws its frames, writes the events
/// log, and restores the terminal on every way out.
@MainActor
final class PlayerController {
    private let engine: PlaybackEngine<LoopClock>
    private let screen: Screen
    private let fonts: FontSelection
    private var layouts: MessageLayouts
    private var missingGlyphsNoticed = false
    private let log: EventLog?
    private let inputFD: Int32
    private let powerSource: PowerSourceAdapter?
    private let reloader: CueReloader?
    private var lastScene: MarqueeScene?
    private var quitContinuation: CheckedContinuation<Void, Never>?
    private var quitting = false
    private var backgroundTasks: [Task<Void, Never>] = []
    private let frameTrace: FrameTrace?

    init(state: PlayerState, environment: [String: String], color: LEDColor, fonts: FontSelection, log: EventLog?,
         inputFD: Int32, powerSource: PowerSourceAdapter?, reloader: CueReloader?) throws(TerminalError) {
        screen = try Screen(environment: environment, color: color, inputFD: inputFD)
        // Only the open screen knows its colours; the glyphs follow them.
        var state = state
        state.adapt(to: TerminalGlyphs(term: environment["TERM"], depth: screen.colorDepth))
        engine = PlaybackEngine(state: state, clock: LoopClock(), executor: EventLoop.main)
        self.fonts = fonts
        layouts = MessageLayouts(fonts: fonts)
        self.log = log
        self.inputFD = inputFD
        self.powerSource = powerSource
        self.reloader = reloader
        frameTrace = FrameTrace(environment: environment)
    }

    /// Plays until a quit key or signal; returns the exit status. `notes`
    /// (cuts made while reading the cues) go to the log, since the terminal
    /// now belongs to the sign.
    func run(signals: AsyncStream<TerminalSignal>, notes: [String]) async -> Int32 {
        log?.write(.start(version: Version.current, columns: screen.columns, rows: screen.rows), at: engine.now())
        notes.forEach { log?.write(.error(message: $0), at: engine.now()) }
        engine.onEffects = { [weak self] effects in self?.perform(effects) }
        engine.onFrame = { [weak self] in self?.render() }
        engine.measure = { [weak self] state in
            guard let self else { return nil }
            return self.layouts.measure(state, columns: self.screen.columns, rows: self.screen.rows)
        }
        if let frameTrace { engine.onTickLateness = { frameTrace.record(lateness: $0) } }
        readPower()
        engine.start()
        let keys = KeyboardReader.keys(from: inputFD)
        // Weak: a cancelled task may still run its last lines after the
        // player has gone.
        backgroundTasks.append(loopTask { [weak self] in
            for await key in keys { self?.engine.handle(key: key) }
            // The terminal is gone (hang-up without SIGHUP, e.g. a dropped
            // SSH session under a shell that traps it): nobody can see the
            // sign or quit it, so stop rather than draw into the void.
            self?.quit()
        })
        backgroundTasks.append(loopTask { [weak self] in
            for await signal in signals { self?.handle(signal) }
        })
        startPeriodicWork()
        await withCheckedContinuation { quitContinuation = $0 }
        backgroundTasks.forEach { $0.cancel() }
        engine.stop()
        log?.write(.quit, at: engine.now())
        frameTrace?.flush()
        screen.close()
        return 0
    }

    private func perform(_ effects: [PlayerEffect]) {
        for effect in effects {
            switch effect {
            case .log(let record): log?.write(record, at: engine.now())
            case .quit: quit()
            case .probePower: readPower()
            }
        }
    }

    /// Takes a power reading now and hands it to the engine.
    private func readPower() {
        if let powerSource { engine.apply(power: powerSource.read()) }
    }

    private func quit() {
        guard !quitting else { return }
        quitting = true
        quitContinuation?.resume()
        quitContinuation = nil
    }

    private func handle(_ signal: TerminalSignal) {
        switch signal {
        case .interrupt, .terminate, .hangup, .quit:
            quit()
        case .resize:
            screen.updateSize()
            log?.write(.resize(columns: screen.columns, rows: screen.rows), at: engine.now())
            lastScene = nil
            engine.resized()
        case .suspend:
            engine.setScene(.background)
            screen.suspend()
            SignalEvents.stopSelf()
        case .resume:
            screen.resume()
            // The whole frame is drawn again, and power is re-read (the
            // .probePower effect of going active) before that first frame.
            lastScene = nil
            engine.setScene(.active)
            render()
        }
    }

    /// The power probe and the cue-file change check, each on its own
    /// interval; the check's interval follows the quality tier.
    private func startPeriodicWork() {
        let clock = engine.clock
        if let powerSource {
            backgroundTasks.append(loopTask { [weak self] in
                while !Task.isCancelled {
                    do { try await Task.sleep(for: .seconds(powerSource.interval), clock: clock) } catch { return }
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
                    case .changed(let cues): self.engine.replaceCues(cues)
                    case .failed(let message): self.log?.write(.error(message: message), at: self.engine.now())
                    }
                }
            })
        }
    }

    private func render() {
        guard !quitting else { return }
        let state = engine.state
        noticeMissingGlyphs(in: layouts.line(for: state.currentCue.text))
        let (scene, frame) = layouts.changedFrame(state, at: engine.now(), columns: screen.columns, rows: screen.rows,
                                                  shown: lastScene)
        guard let frame else { return }
        lastScene = scene
        screen.draw(frame)
    }

    /// Says once that some characters have no glyph in any font.
    private func noticeMissingGlyphs(in layout: TextLayout) {
        guard layout.usedPlaceholder, !missingGlyphsNoticed else { return }
        missingGlyphsNoticed = true
        let notice = FontChoice.missingGlyphsNotice(fallbackInstalled: fonts.fallback != nil)
        log?.write(.error(message: notice), at: engine.now())
        // Shown once the current frame is done (this runs while drawing).
        loopTask { [weak self] in self?.engine.showNotice(notice) }
    }
}
