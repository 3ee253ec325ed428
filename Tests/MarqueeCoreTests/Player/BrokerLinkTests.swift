import MarqueeCore
import Testing

/// A fleet sign's link to its broker (docs/fleet.md): one record per
/// change, said on the status line only while it is down, in the status.
@Suite("Broker link")
struct BrokerLinkTests {
    @Test("records on change only; the status line says a lost broker; the status has the link")
    func link() {
        var state = PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.start, at: 0)
        #expect(state.statusSnapshot(at: 0).link == nil)
        #expect(!state.controlsLine.contains("broker"))
        #expect(state.reduce(.brokerLink(.up), at: 1) == [.log(.link(up: true))])
        #expect(state.reduce(.brokerLink(.up), at: 2) == [])
        #expect(state.statusSnapshot(at: 2).link == "up" && !state.controlsLine.contains("broker"))
        #expect(state.reduce(.brokerLink(.down), at: 3) == [.log(.link(up: false))])
        #expect(state.controlsLine.contains("  × broker down  "))
        #expect(state.statusSnapshot(at: 3).link == "down")
        #expect(state.controlsLine(columns: 30).contains("▶ playing"), "the play state outlasts the link on a narrow line")
        #expect(EventRecord.link(up: false).jsonLine(at: 3) == #"{"t":3.000,"event":"link","up":false}"#)
    }

    @Test("the link changes nothing of the flow: no new wait, no new message")
    func flowUnchanged() {
        var state = PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.start, at: 0)
        let id = state.advanceID, message = state.messageID
        _ = state.reduce(.brokerLink(.down), at: 1)
        #expect(state.advanceID == id && state.messageID == message)
    }
}
