@testable import MarqueeCore
@testable import PlayerRuntime

/// Drives a `PlaybackEngine` on a `ManualClock` in small steps and records
/// what it logs, so tests state timing facts with no real sleeping.
@MainActor
final class EngineHarness {
    let clock = ManualClock()
    let engine: PlaybackEngine<ManualClock>
    private(set) var log: [(t: Double, record: EventRecord)] = []
    private(set) var frames = 0
    private(set) var quitRequested = false

    /// `measure` stands in for the host's font and terminal, the same for
    /// every message: nil leaves messages unmeasured (their seconds run at
    /// once). `prepare` sets up the engine before it starts.
    init(cueCount: Int = 3, seconds: Double = 5, measure: MessageMeasure? = nil,
         configure: (inout PlayerSettings) -> Void = { _ in },
         prepare: (PlaybackEngine<ManualClock>) -> Void = { _ in }) {
        var settings = PlayerSettings()
        settings.idleTimeout = 3
        // Unmeasured characters are LEDs (`ledsPerCharacter` 1): the timing
        // facts here are written for 24 LEDs a second.
        settings.speed = 24
        configure(&settings)
        let cues = (0..<cueCount).map { Cue(text: "MESSAGE \($0)", seconds: seconds) }
        engine = PlaybackEngine(state: PlayerState(cues: cues, settings: settings, seed: 7, at: 0), clock: clock)
        engine.onEffects = { [unowned self] effects in
            for effect in effects {
                switch effect {
                case .log(let record): self.log.append((self.engine.now(), record))
                case .quit: self.quitRequested = true
                case .probePower: break
                }
            }
        }
        engine.onFrame = { [unowned self] in self.frames += 1 }
        engine.measure = { _ in measure }
        prepare(engine)
        engine.start()
    }

    var now: Double { engine.now() }

    /// Lets every task that became ready run to its next suspension.
    func settle() async {
        for _ in 0..<40 { await Task.yield() }
    }

    /// Moves the clock to `seconds` in 10 ms steps, settling after each.
    func run(until seconds: Double) async {
        await settle()
        while now < seconds - 1e-9 {
            clock.advance(by: .milliseconds(10))
            await settle()
        }
    }

    /// Times of `cue` events, automatic or all.
    func cueTimes(automatic: Bool? = true) -> [Double] {
        log.compactMap { entry in
            if case let .cue(_, _, _, isAutomatic) = entry.record, automatic == nil || automatic == isAutomatic {
                return (entry.t * 1000).rounded() / 1000
            }
            return nil
        }
    }

    /// Times of events named `name`.
    func times(of name: String) -> [Double] {
        records(named: name).map { ($0.t * 1000).rounded() / 1000 }
    }

    func records(named name: String) -> [(t: Double, record: EventRecord)] {
        log.filter { $0.record.name == name }
    }
}
