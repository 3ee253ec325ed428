import MarqueeCore
import Testing

/// What the status line says of a sign's news feeds (docs/feeds.md,
/// docs/status-line.md): a note while a feed fails, gone when it works.
@Suite("Feed note")
struct FeedNoteTests {
    @Test("the note shows on the status line while set, is cut and cleaned, and changes nothing of the flow")
    func note() {
        var state = PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.start, at: 0)
        let id = state.advanceID, message = state.messageID
        #expect(!state.controlsLine.contains("feed"))
        #expect(state.reduce(.feedNote("feed offline, items 3 h old"), at: 1) == [])
        #expect(state.controlsLine.contains("  feed offline, items 3 h old  "), "\(state.controlsLine)")
        #expect(state.advanceID == id && state.messageID == message)
        _ = state.reduce(.feedNote("x\u{1B}[31m" + String(repeating: "y", count: 100)), at: 2)
        let shown = state.host.feedNote ?? ""
        #expect(shown.count == 40 && !shown.unicodeScalars.contains { $0.value < 0x20 }, "\(shown.debugDescription)")
        #expect(state.controlsLine(columns: 30).contains("▶ playing"), "the play state outlasts the note on a narrow line")
        _ = state.reduce(.feedNote(nil), at: 3)
        #expect(!state.controlsLine.contains("feed") && state.host.feedNote == nil)
        _ = state.reduce(.feedNote(""), at: 4)
        #expect(state.host.feedNote == nil, "an empty note is none")
    }
}
