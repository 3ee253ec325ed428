import Testing
@testable import MarqueeCore

@Suite("Remote next, previous and goto")
struct NavigationCommandTests {
    @Test("next and previous move like the keys and restart a full wait")
    func nextAndPrevious() {
        var state = Remote.flow()
        let (outcome, effects) = state.reduce(remote: .next, at: 2)
        #expect(outcome == .done)
        #expect(state.cueIndex == 1)
        #expect(state.waitStartedAt == 2)
        #expect(Remote.records(effects) == [.cue(index: 1, count: 3, text: "M1", automatic: false)])
        _ = state.reduce(remote: .previous, at: 3)
        #expect(state.cueIndex == 0)
        _ = state.reduce(.remote(.previous), at: 4)
        #expect(state.cueIndex == 2, "a looping flow wraps")
    }

    @Test("goto shows the cue at a 0-based index, with a full wait even on the same index")
    func gotoIndex() {
        var state = Remote.flow()
        #expect(state.reduce(remote: .goto(2), at: 1).outcome == .done)
        #expect(state.cueIndex == 2 && state.waitStartedAt == 1)
        #expect(state.reduce(remote: .goto(2), at: 3).outcome == .done)
        #expect(state.waitStartedAt == 3)
        #expect(state.clock.sample(at: 3) == 0, "from its entry position")
    }

    @Test("goto follows the cue file's index when shuffled")
    func gotoShuffled() {
        var state = Remote.flow(cues: 7) { $0.shuffle = true }
        for index in [4, 0, 6] {
            _ = state.reduce(remote: .goto(index), at: 1)
            #expect(state.cueIndex == index)
            #expect(state.flowCue.text == "M\(index)")
        }
    }

    @Test("goto out of range is refused, names the index and the count, and changes nothing", arguments: [3, 9, -1])
    func gotoOutOfRange(index: Int) {
        var state = Remote.flow()
        let moves = state.manualMoves
        let (outcome, effects) = state.reduce(remote: .goto(index), at: 2)
        #expect(outcome == .refused("no cue \(index + 1) (the flow has 3)"), "counted from 1, as people count")
        #expect(!outcome.ok && outcome.error == "no cue \(index + 1) (the flow has 3)")
        #expect(effects.isEmpty)
        #expect(state.cueIndex == 0 && state.manualMoves == moves && state.waitStartedAt == 0)
    }

    @Test("at the ends of a non-looping flow next and previous are refused")
    func endsOfOnce() {
        var state = Remote.flow(cues: 2) { $0.loop = false }
        #expect(state.reduce(remote: .previous, at: 1).outcome == .refused("at the first cue (the flow does not loop)"))
        _ = state.reduce(remote: .next, at: 2)
        let (outcome, effects) = state.reduce(remote: .next, at: 3)
        #expect(outcome == .refused("at the last cue (the flow does not loop)"))
        #expect(effects.isEmpty && state.cueIndex == 1)
    }

    @Test("goto away from the finished end of --once plays again")
    func gotoLeavesCompleted() {
        var state = Remote.finishedOnce()
        #expect(state.completed && state.paused)
        let effects = state.reduce(remote: .goto(0), at: 11).effects
        #expect(!state.completed && !state.paused)
        #expect(Remote.records(effects).contains(.pause(paused: false, reason: "navigation")))
    }
}
