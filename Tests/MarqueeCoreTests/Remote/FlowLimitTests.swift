import Testing
@testable import MarqueeCore

/// The flow's caps (docs/limits.md): `add` and `load` past 1,000 messages
/// or 4 MiB of text are refused whole and change nothing.
@Suite("Flow limits")
struct FlowLimitTests {
    static func cues(_ count: Int, bytes: Int = 4) -> [Cue] {
        (0..<count).map { Cue(text: "M\($0)" + String(repeating: "x", count: max(0, bytes - 1 - String($0).count))) }
    }

    @Test("add up to 1,000 messages is done; one more is refused and changes nothing")
    func cueCount() {
        var state = Remote.flow()
        let room = FlowLimits.maximumCues - state.cues.count
        #expect(state.reduce(remote: .add(Self.cues(room)), at: 1).outcome == .done)
        #expect(state.cues.count == 1_000)
        let (outcome, effects) = state.reduce(remote: .add(Self.cues(1)), at: 2)
        #expect(outcome == .refused("the flow is full: a sign holds at most 1,000 messages (it has 1,000, this adds 1)"))
        #expect(effects.isEmpty && state.cues.count == 1_000)
    }

    @Test("add past 4 MiB of text is refused whole, captions counted")
    func textBytes() {
        var state = Remote.flow()
        let held = FlowLimits.textBytes(of: state.cues)
        let big = Cue(text: String(repeating: "a", count: 65_536))
        let fits = (FlowLimits.maximumTextBytes - held) / 65_536
        #expect(state.reduce(remote: .add(Array(repeating: big, count: fits)), at: 1).outcome == .done)
        let count = state.cues.count
        let captioned = Cue(text: "a", caption: String(repeating: "c", count: 65_536))
        let (outcome, effects) = state.reduce(remote: .add([captioned]), at: 2)
        #expect(outcome == .refused("the flow is full: a sign holds at most 4 MiB of text (it has \(FlowLimits.grouped(held + fits * 65_536)) bytes, this adds 65,537)"))
        #expect(effects.isEmpty && state.cues.count == count)
    }

    @Test("load of more than 1,000 messages is refused and the flow plays on; 1,000 load")
    func load() {
        var state = Remote.flow()
        let (outcome, effects) = state.reduce(remote: .load(Self.cues(1_001)), at: 1)
        #expect(outcome == .refused("the flow is full: a sign holds at most 1,000 messages (it has 0, this adds 1,001)"))
        #expect(effects.isEmpty && state.cues.map(\.text) == ["M0", "M1", "M2"])
        #expect(state.reduce(remote: .load(Self.cues(1_000)), at: 2).outcome == .done)
        #expect(state.cues.count == 1_000)
    }

    @Test("counts read as people read them", arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (4_194_304, "4,194,304"), (-12_345, "-12,345")])
    func grouped(value: Int, text: String) {
        #expect(FlowLimits.grouped(value) == text)
    }
}
