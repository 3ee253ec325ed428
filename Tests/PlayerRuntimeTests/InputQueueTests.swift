import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// One input path: every input is reduced in a batch, inputs sent while a
/// batch runs join it, and each batch draws once.
@Suite("Input queue")
@MainActor
struct InputQueueTests {
    static let hot = PowerConditions(thermal: .serious, lowPower: false, thermalText: "serious 88°C", powerText: "AC", source: "test")

    /// An engine whose host reads `probe` for every `.probePower`, as the
    /// player does, and counts frames and records.
    @MainActor
    final class Host {
        let engine: PlaybackEngine<ManualClock>
        var frames = 0
        var records: [EventRecord] = []
        var statesDrawn: [PlayerState] = []

        init(probe: PowerConditions = InputQueueTests.hot) {
            let cues = [Cue(text: "ONE", seconds: 5), Cue(text: "TWO", seconds: 5)]
            engine = PlaybackEngine(state: PlayerState(cues: cues, settings: PlayerSettings(), seed: 1, at: 0), clock: ManualClock())
            engine.onEffects = { [unowned self] effects in
                for effect in effects {
                    switch effect {
                    case .log(let record): records.append(record)
                    case .probePower: engine.send(.power(probe))
                    case .quit: break
                    }
                }
            }
            engine.onFrame = { [unowned self] in
                frames += 1
                statesDrawn.append(engine.state)
            }
        }
    }

    @Test("nothing is reduced or drawn before start; queued inputs run in its batch, after the initial ones")
    func beforeStart() {
        let host = Host()
        host.engine.send(.key(.character("n")))
        #expect(host.frames == 0 && host.records.isEmpty)
        host.engine.start(with: [.power(Self.hot)])
        #expect(host.frames == 1, "one batch, one frame")
        #expect(host.records.map(\.name) == ["power", "policy", "cue", "policy", "key", "cue"])
        #expect(host.engine.state.cueIndex == 1)
    }

    @Test("an input's effects carry its moment, however long the measure after it took; none outside them")
    func effectsTime() {
        let host = Host()
        let engine = host.engine
        var stamped: [Double?] = []
        // Unowned: a closure of the engine's own that held it strongly would
        // keep it (and its frame ticker) alive after the test, drawing into
        // a Host that is gone.
        engine.onEffects = { [unowned engine] _ in stamped.append(engine.effectsTime) }
        // A slow measure (a font, FriBidi, the layout): 300 ms each.
        engine.measure = { [unowned engine] _ in
            engine.clock.advance(by: .milliseconds(300))
            return nil
        }
        defer {
            engine.stop()
            withExtendedLifetime(host) {}
        }
        engine.start()
        #expect(stamped.first == 0, "\(stamped)")
        #expect(engine.effectsTime == nil)
        engine.send(.key(.character("n")))
        #expect(abs(((stamped.last ?? nil) ?? 0) - 0.3) < 1e-9, "the key came after the start's measure: \(stamped)")
    }

    @Test("the t key reads the probe inside its own batch: one frame, and the frame already has the reading")
    func probeJoinsTheBatch() {
        let host = Host()
        host.engine.start()
        let before = host.frames
        host.engine.send(.key(.character("t")))
        #expect(host.frames == before + 1)
        #expect(host.statesDrawn.last?.power == Self.hot)
        #expect(host.records.suffix(3).map(\.name).contains("power"))
    }

    @Test("an input sent while drawing is not reduced inside the draw; it runs next, and draws once more")
    func sendFromDraw() {
        let host = Host()
        host.engine.start()
        var sentOnce = false
        var cueSeenInDraw: [Int] = []
        host.engine.onFrame = { [unowned host] in
            cueSeenInDraw.append(host.engine.state.cueIndex)
            if !sentOnce {
                sentOnce = true
                host.engine.send(.key(.character("n")))
                // Still the state this frame was drawn from.
                #expect(host.engine.state.cueIndex == cueSeenInDraw.last)
            }
        }
        host.engine.send(.notice("hello"))
        #expect(cueSeenInDraw == [0, 1])
    }

    @Test("idle timeout and notices are inputs like any other")
    func noticeAndIdle() {
        var state = PlayerState(cues: [Cue(text: "A")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.notice("saved"), at: 1)
        #expect(state.notice == "saved" && state.controlsVisible)
        let reveals = state.controlsReveals
        _ = state.reduce(.idleTimeout, at: 4)
        #expect(!state.controlsVisible && state.notice == nil && state.controlsReveals == reveals)
    }
}
