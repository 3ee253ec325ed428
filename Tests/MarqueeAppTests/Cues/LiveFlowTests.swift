import MarqueeCore
import Testing
@testable import MarqueeApp

/// What a live source's reads do to a playing sign, fed as the player
/// feeds them (`LiveCueUpdate.input`): `add` for lines that only join, a
/// replacement of the flow otherwise.
@Suite("Live input and the flow")
struct LiveFlowTests {
    func playing(_ texts: [String], latest: Bool = false) -> (PlayerState, LiveCueList) {
        var list = LiveCueList(latestOnly: latest)
        _ = list.add(texts.map { Cue(text: $0) })
        var state = PlayerState(cues: list.cues, settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.start, at: 0)
        return (state, list)
    }

    /// `new` arrives in one read: the list takes it, the state gets its input.
    @discardableResult
    func read(_ new: [String], into list: inout LiveCueList, _ state: inout PlayerState, at t: Double) -> [PlayerEffect] {
        let changed = list.add(new.map { Cue(text: $0) })
        guard let input = LiveCueUpdate(changed: changed, list: list, notes: []).input else { return [] }
        return state.reduce(input, at: t)
    }

    @Test("a line joining a flow keeps the current message and its running wait")
    func appendKeepsWait() {
        var (state, list) = playing(["ONE", "TWO"])
        let started = state.waitStartedAt
        #expect(started != nil)
        let effects = read(["THREE"], into: &list, &state, at: 1.5)
        #expect(state.currentCue.text == "ONE")
        #expect(state.waitStartedAt == started)
        #expect(effects.contains(.log(.add(added: 1, count: 3))))
        #expect(!effects.contains { if case .log(.cue) = $0 { true } else { false } })
    }

    @Test("a one-message sign becoming a flow keeps its message, and its first wait starts then")
    func singleBecomesFlow() {
        var (state, list) = playing(["ONE"])
        #expect(!state.isFlow)
        #expect(state.waitStartedAt == nil)
        read(["TWO"], into: &list, &state, at: 3)
        #expect(state.currentCue.text == "ONE")
        #expect(state.isFlow)
        #expect(state.waitStartedAt == 3)
        _ = state.reduce(.advanceDue, at: 3 + state.currentCue.seconds)
        #expect(state.currentCue.text == "TWO")
    }

    @Test("--latest: each new line is shown at once")
    func latestShowsNewest() {
        var (state, list) = playing(["OLD"], latest: true)
        let effects = read(["A", "NEW"], into: &list, &state, at: 1)
        #expect(state.cues.map(\.text) == ["NEW"])
        #expect(state.currentCue.text == "NEW")
        #expect(effects.contains(.log(.cue(index: 0, count: 1, text: "NEW", automatic: false))))
    }

    @Test("at the bound the current message survives while it is among the newest lines")
    func boundKeepsCurrent() {
        var (state, list) = playing((0..<LiveCueList.maximumCues).map { "L\($0)" })
        _ = state.reduce(.key(.character("p")), at: 1)  // previous: the last line
        let current = state.currentCue.text
        read(["NEWEST"], into: &list, &state, at: 2)
        #expect(state.cues.count <= LiveCueList.maximumCues)
        #expect(state.currentCue.text == current)
    }

    @Test("a feed that repeats a line keeps the message shown and its wait (a replacement would find the first copy)")
    func repeatedLine() {
        var (state, list) = playing(["OK", "BUILD 41"])
        _ = state.reduce(.key(.character("n")), at: 1)  // on "BUILD 41"
        read(["OK"], into: &list, &state, at: 2)
        let (position, started) = (state.orderPosition, state.waitStartedAt)
        read(["OK"], into: &list, &state, at: 3)
        #expect(state.cues.map(\.text) == ["OK", "BUILD 41", "OK", "OK"])
        #expect(state.orderPosition == position && state.currentCue.text == "BUILD 41")
        #expect(state.waitStartedAt == started, "the running wait is kept")
    }
}
