import Testing
@testable import MarqueeCore
@testable import PlayerRuntime

/// The interrupt's end on a manual clock: a timed task keyed by
/// `InterruptTimerID` (docs/cue-flow.md, "Remote commands").
@Suite("Interrupt timer")
@MainActor
struct InterruptTimerTests {
    static func say(_ text: String, for seconds: Double) -> PlayerInput {
        .remote(.say(Interrupt(cue: Cue(text: text), duration: seconds)))
    }

    @Test("say for 5: after 5 s the flow is back on the cue it left, from its entry position, with a full wait")
    func returnsAfterDuration() async {
        let harness = EngineHarness(seconds: 5)
        await harness.run(until: 2)
        harness.engine.send(Self.say("DRILL", for: 5))
        await harness.run(until: 6.99)
        #expect(harness.engine.state.currentCue.text == "DRILL")
        #expect(harness.cueTimes().isEmpty, "no advance while it shows")
        await harness.run(until: 7.05)
        #expect(harness.times(of: "interruptEnded") == [7.0])
        #expect(harness.engine.state.currentCue.text == "MESSAGE 0")
        #expect(harness.cueTimes(automatic: false) == [0, 7.0])
        #expect(harness.engine.state.waitStartedAt.map { ($0 * 1000).rounded() / 1000 } == 7.0)
        #expect(harness.engine.state.clock.sample(at: 7.0) == 0)
        await harness.run(until: 11.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 12.5)
        #expect(harness.cueTimes() == [12.0])
    }

    @Test("a scrolling message comes back from its entry position: its pass runs again before its wait")
    func scrollingReturn() async {
        // 48 LEDs of text on a 24-LED sign at 24 LEDs/s: a 1 s pass.
        let harness = EngineHarness(seconds: 5, measure: MessageMeasure(textLEDs: 48, panelLEDs: 24))
        await harness.run(until: 2)
        harness.engine.send(Self.say("DRILL", for: 3))
        await harness.run(until: 5.05)
        #expect(harness.engine.state.currentCue.text == "MESSAGE 0")
        #expect(harness.engine.state.clock.sample(at: 5.0) == 0)
        #expect(!harness.engine.state.passShown)
        await harness.run(until: 10.99)
        #expect(harness.cueTimes().isEmpty, "the pass (1 s) and then a full 5 s wait")
        await harness.run(until: 11.5)
        #expect(harness.cueTimes() == [11.0])
    }

    @Test("a key does not end it; n navigates from the cue it left")
    func keys() async {
        let harness = EngineHarness(seconds: 5)
        harness.engine.send(Self.say("DRILL", for: 10))
        await harness.run(until: 1)
        for key: Character in ["x", "?", "?", "+"] { harness.engine.send(.key(.character(key))) }
        await harness.run(until: 2)
        #expect(harness.engine.state.interrupt != nil)
        harness.engine.send(.key(.character("n")))
        #expect(harness.engine.state.interrupt == nil)
        #expect(harness.engine.state.cueIndex == 1)
        await harness.run(until: 6.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 7.5)
        #expect(harness.cueTimes() == [7.0], "a full wait from the move")
        await harness.run(until: 11)
        #expect(harness.times(of: "interruptEnded") == [2.0], "the old timer was cancelled")
    }

    @Test("Ctrl-Z during an interrupt: its time runs on; back in the foreground the flow gets a full wait")
    func background() async {
        let harness = EngineHarness(seconds: 5)
        harness.engine.send(Self.say("DRILL", for: 5))
        await harness.run(until: 2)
        harness.engine.send(.scene(.background))
        await harness.run(until: 5.05)
        #expect(harness.times(of: "interruptEnded") == [5.0])
        #expect(harness.engine.state.currentCue.text == "MESSAGE 0")
        await harness.run(until: 9)
        harness.engine.send(.scene(.active))
        await harness.run(until: 13.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 14.5)
        #expect(harness.cueTimes() == [14.0])
    }

    @Test("a second say restarts the duration")
    func secondSayRestarts() async {
        let harness = EngineHarness(seconds: 5)
        harness.engine.send(Self.say("ONE", for: 5))
        await harness.run(until: 3)
        harness.engine.send(Self.say("TWO", for: 5))
        await harness.run(until: 7.99)
        #expect(harness.engine.state.currentCue.text == "TWO")
        await harness.run(until: 8.05)
        #expect(harness.engine.state.currentCue.text == "MESSAGE 0")
        #expect(harness.records(named: "interruptEnded").map(\.record) == [.interruptEnded(reason: "replaced"),
                                                                          .interruptEnded(reason: "time")])
    }

    @Test("clear cancels the timer")
    func clearCancels() async {
        let harness = EngineHarness(seconds: 20)
        harness.engine.send(Self.say("ONE", for: 5))
        await harness.run(until: 1)
        harness.engine.send(.remote(.clear))
        await harness.run(until: 8)
        #expect(harness.records(named: "interruptEnded").map(\.record) == [.interruptEnded(reason: "clear")])
    }

    @Test("a remote command's outcome reaches its sender, after its effects")
    func replies() async {
        let harness = EngineHarness(seconds: 5)
        var outcomes: [RemoteOutcome] = []
        harness.engine.send(.goto(8)) { outcomes.append($0) }
        harness.engine.send(.clear) { outcomes.append($0) }
        harness.engine.send(.goto(2)) { outcome in
            #expect(harness.engine.state.cueIndex == 2)
            outcomes.append(outcome)
        }
        #expect(outcomes == [.refused("no cue 9 (the flow has 3)"), .cleared(false), .done])
        #expect(harness.cueTimes(automatic: false) == [0, 0])
    }

    @Test("interrupts and clears leak no task")
    func noLeaks() async {
        let harness = EngineHarness(seconds: 5)
        for step in 0..<10 {
            harness.engine.send(step.isMultiple(of: 3) ? .remote(.clear) : Self.say("X\(step)", for: 0.5))
            await harness.run(until: Double(step) * 0.3 + 0.3)
        }
        harness.engine.stop()
        await harness.settle()
        #expect(harness.engine.liveTaskCount == 0)
    }
}

@Suite("Remote commands through the engine")
@MainActor
struct RemoteEngineTests {
    @Test("a command sent before start waits in the queue and is answered once playback begins")
    func beforeStart() async {
        var settings = PlayerSettings()
        settings.idleTimeout = 3
        let clock = ManualClock()
        let engine = PlaybackEngine(state: PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: settings, at: 0),
                                    clock: clock)
        var outcomes: [RemoteOutcome] = []
        engine.send(.goto(1)) { outcomes.append($0) }
        #expect(outcomes.isEmpty)
        engine.start()
        #expect(outcomes == [.done])
        #expect(engine.state.cueIndex == 1)
        engine.stop()
    }

    @Test("load through the engine starts the new deck at its first cue with a full wait")
    func load() async {
        let harness = EngineHarness(seconds: 5)
        await harness.run(until: 3)
        harness.engine.send(.remote(.load([Cue(text: "A", seconds: 4), Cue(text: "B", seconds: 4)])))
        #expect(harness.engine.state.currentCue.text == "A")
        await harness.run(until: 6.99)
        #expect(harness.cueTimes().isEmpty)
        await harness.run(until: 7.5)
        #expect(harness.cueTimes() == [7.0])
        #expect(harness.engine.state.currentCue.text == "B")
    }
}
