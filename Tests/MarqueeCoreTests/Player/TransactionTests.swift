import Testing
@testable import MarqueeCore

/// Only the reducer opens a change, once per input: nesting cannot happen
/// (docs/architecture.md, "Slices of state").
@Suite("One change per input")
struct TransactionTests {
    static func flow() -> PlayerState {
        PlayerState(cues: [Cue(text: "A"), Cue(text: "B"), Cue(text: "C")], settings: PlayerSettings(), seed: 1, at: 0)
    }

    @Test("a key that moves the flow (once a transaction inside another) opens one change")
    func keyMoveOpensOne() {
        var state = Self.flow()
        _ = state.reduce(.start, at: 0)
        let before = state.changeCount
        _ = state.reduce(.key(.character("n")), at: 1)
        #expect(state.cueIndex == 1)
        #expect(state.changeCount == before + 1)
    }

    @Test("an input that changes nothing opens none: the engine then skips the timer diff")
    func noChangeNoDoor() {
        var state = Self.flow()
        _ = state.reduce(.start, at: 0)
        let before = state.changeCount
        _ = state.reduce(.measured(state.measure), at: 1)
        _ = state.reduce(.frameTick, at: 1)
        _ = state.reduce(.power(state.power), at: 1)
        _ = state.reduce(.resized, at: 1)
        #expect(state.changeCount == before)
    }

    @Test("a change opened inside another stops the program")
    func nestedChangeTraps() async {
        await #expect(processExitsWith: .failure) {
            var state = PlayerState(cues: [Cue(text: "A")], settings: PlayerSettings())
            _ = state.transaction(at: 0) { inner in inner.transaction(at: 0) { _ in [] } }
        }
    }

    @Test("every slice declares its timers; the list names each by key")
    func timersDeclared() {
        var state = Self.flow()
        _ = state.reduce(.start, at: 0)
        #expect(Set(state.timers.map(\.key)) == [.advance, .pass, .enter, .interrupt, .drift, .page, .controlsHide])
        _ = state.reduce(.idleTimeout, at: 3)
        #expect(!state.timers.contains { $0.key == .controlsHide }, "declared only while the line shows")
    }
}
