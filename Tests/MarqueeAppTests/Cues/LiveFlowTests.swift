import MarqueeCore
import Testing
@testable import MarqueeApp

/// What a live source's replacements do to a playing sign: the reducer's
/// `replaceCues`, fed the way `StandardInputFeed` feeds it.
@Suite("Live input and the flow")
struct LiveFlowTests {
    func playing(_ texts: [String], latest: Bool = false) -> (PlayerState, LiveCueList) {
        var list = LiveCueList(latestOnly: latest)
        _ = list.add(texts.map { Cue(text: $0) })
        var state = PlayerState(cues: list.cues, settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.start, at: 0)
        return (state, list)
    }

    @Test("a line joining a flow keeps the current message and its running wait")
    func appendKeepsWait() {
        var (state, list) = playing(["ONE", "TWO"])
        let started = state.waitStartedAt
        #expect(started != nil)
        _ = list.add([Cue(text: "THREE")])
        let effects = state.reduce(.cuesReplaced(list.cues), at: 1.5)
        #expect(state.currentCue.text == "ONE")
        #expect(state.waitStartedAt == started)
        #expect(effects.contains(.log(.reload(count: 3))))
        #expect(!effects.contains { if case .log(.cue) = $0 { true } else { false } })
    }

    @Test("a one-message sign becoming a flow keeps its message, and its first wait starts then")
    func singleBecomesFlow() {
        var (state, list) = playing(["ONE"])
        #expect(!state.isFlow)
        #expect(state.waitStartedAt == nil)
        _ = list.add([Cue(text: "TWO")])
        _ = state.reduce(.cuesReplaced(list.cues), at: 3)
        #expect(state.currentCue.text == "ONE")
        #expect(state.isFlow)
        #expect(state.waitStartedAt == 3)
        _ = state.reduce(.advanceDue, at: 3 + state.currentCue.seconds)
        #expect(state.currentCue.text == "TWO")
    }

    @Test("--latest: each new line is shown at once")
    func latestShowsNewest() {
        var (state, list) = playing(["OLD"], latest: true)
        _ = list.add([Cue(text: "A"), Cue(text: "NEW")])
        let effects = state.reduce(.cuesReplaced(list.cues), at: 1)
        #expect(state.cues.map(\.text) == ["NEW"])
        #expect(state.currentCue.text == "NEW")
        #expect(effects.contains(.log(.cue(index: 0, count: 1, text: "NEW", automatic: false))))
    }

    @Test("at the bound the current message survives while it is among the newest lines")
    func boundKeepsCurrent() {
        var (state, list) = playing((0..<LiveCueList.maximumCues).map { "L\($0)" })
        _ = state.reduce(.key(.character("p")), at: 1)  // previous: the last line
        let current = state.currentCue.text
        _ = list.add([Cue(text: "NEWEST")])
        _ = state.reduce(.cuesReplaced(list.cues), at: 2)
        #expect(state.cues.count <= LiveCueList.maximumCues)
        #expect(state.currentCue.text == current)
    }
}
