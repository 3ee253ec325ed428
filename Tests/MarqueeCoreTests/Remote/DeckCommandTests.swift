import Testing
@testable import MarqueeCore

@Suite("Remote add and load")
struct DeckCommandTests {
    @Test("add appends; the message shown and its wait carry on")
    func add() {
        var state = Remote.flow()
        _ = state.reduce(remote: .next, at: 1)
        let message = state.messageID
        let (outcome, effects) = state.reduce(remote: .add([Cue(text: "M3"), Cue(text: "M4")]), at: 2)
        #expect(outcome == .done)
        #expect(Remote.records(effects) == [.add(added: 2, count: 5)])
        #expect(state.cues.count == 5 && state.order == [0, 1, 2, 3, 4])
        #expect(state.cueIndex == 1 && state.messageID == message && state.waitStartedAt == 1)
        _ = state.reduce(remote: .goto(4), at: 3)
        #expect(state.flowCue.text == "M4")
    }

    @Test("a single message that becomes a flow starts over from its flow entry position, and its wait begins")
    func singleBecomesFlow() {
        var state = Remote.flow(cues: 1)
        #expect(!state.advancesAutomatically && state.waitStartedAt == nil)
        let effects = state.reduce(remote: .add([Cue(text: "M1")]), at: 4).effects
        #expect(state.isFlow && state.cueIndex == 0)
        #expect(state.clock.sample(at: 4) == 0)
        #expect(state.waitStartedAt == 4)
        #expect(Remote.records(effects) == [.add(added: 1, count: 2), .cue(index: 0, count: 2, text: "M0", automatic: false)])
    }

    @Test("add keeps an interrupt up")
    func addDuringInterrupt() {
        var state = Remote.flow(cues: 1)
        _ = state.reduce(remote: Remote.say("X", for: 5), at: 1)
        let effects = state.reduce(remote: .add([Cue(text: "M1")]), at: 2).effects
        #expect(Remote.records(effects) == [.add(added: 1, count: 2)])
        #expect(state.currentCue.text == "X" && state.waitStartedAt == nil)
    }

    @Test("add and load with no cues are refused")
    func emptyRefused() {
        var state = Remote.flow()
        #expect(state.reduce(remote: .add([]), at: 1) == (.refused("nothing to add: no cues"), []))
        #expect(state.reduce(remote: .load([]), at: 1) == (.refused("nothing to load: no cues"), []))
        #expect(state.cues.count == 3)
    }

    @Test("load replaces the flow and starts at its first cue with a full wait, unlike a file reload")
    func load() {
        var state = Remote.flow()
        _ = state.reduce(remote: .next, at: 1)
        let (outcome, effects) = state.reduce(remote: .load([Cue(text: "M1"), Cue(text: "B")]), at: 2)
        #expect(outcome == .done)
        #expect(state.cues.map(\.text) == ["M1", "B"])
        #expect(state.cueIndex == 0 && state.waitStartedAt == 2 && state.clock.sample(at: 2) == 0)
        #expect(Remote.records(effects) == [.load(count: 2), .cue(index: 0, count: 2, text: "M1", automatic: false)])
    }

    @Test("load on the index shown before still starts its wait over")
    func loadSameIndex() {
        var state = Remote.flow()
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(remote: .load([Cue(text: "M0"), Cue(text: "M1")]), at: 3)
        #expect(state.waitStartedAt == 3)
    }

    @Test("load ends an interrupt and plays a finished --once flow again")
    func loadEndsInterrupt() {
        var state = Remote.finishedOnce()
        _ = state.reduce(remote: Remote.say("X", for: 60), at: 11)
        let effects = state.reduce(remote: .load([Cue(text: "A"), Cue(text: "B")]), at: 12).effects
        #expect(state.interrupt == nil && !state.completed && !state.paused && state.currentCue.text == "A")
        #expect(Remote.records(effects) == [.interruptEnded(reason: "load"), .load(count: 2),
                                            .cue(index: 0, count: 2, text: "A", automatic: false),
                                            .pause(paused: false, reason: "load")])
    }

    @Test("add to a finished --once flow plays on from the first message added, with a full wait")
    func addAfterOnce() {
        var state = Remote.finishedOnce()
        #expect(state.completed && state.paused)
        let effects = state.reduce(remote: .add([Cue(text: "NEW"), Cue(text: "NEWER")]), at: 12).effects
        #expect(!state.completed && !state.paused && state.currentCue.text == "NEW" && state.waitStartedAt == 12)
        #expect(Remote.records(effects) == [.add(added: 2, count: 4), .cue(index: 2, count: 4, text: "NEW", automatic: false),
                                            .pause(paused: false, reason: "add")])
        _ = state.reduce(.advanceDue, at: 17)
        #expect(state.currentCue.text == "NEWER")
    }

    @Test("add to a finished --once flow under an interrupt keeps the interrupt; its end shows the new message")
    func addAfterOnceDuringInterrupt() {
        var state = Remote.finishedOnce()
        _ = state.reduce(remote: Remote.say("X", for: 60), at: 11)
        _ = state.reduce(remote: .add([Cue(text: "NEW")]), at: 12)
        #expect(state.currentCue.text == "X" && !state.completed)
        _ = state.reduce(remote: .clear, at: 13)
        #expect(state.currentCue.text == "NEW")
    }
}
