import Testing
@testable import MarqueeCore

@Suite("Filling live fields in the state")
struct FilledFieldsTests {
    static func state(_ texts: [String] = ["T {time:%S}", "plain"]) -> PlayerState {
        var state = PlayerState(cues: texts.map { Cue(text: $0) }, settings: PlayerSettings(), at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 148, panelLEDs: 100)), at: 0)
        return state
    }

    @Test("the sign shows the filled text; the scroll, the wait and the message ID carry on")
    func fills() {
        var state = Self.state(["T {time:%S}"])
        _ = state.reduce(.frameTick, at: 1)
        let (message, started) = (state.messageID, state.cueStartedAt)
        let position = state.clock.sample(at: 2)
        let effects = state.reduce(.fieldsFilled(FilledFields(messageID: message, text: "T 07", caption: nil)), at: 2)
        #expect(effects.isEmpty)
        #expect(state.shownCue.text == "T 07" && state.currentCue.text == "T {time:%S}")
        #expect(state.messageID == message && state.cueStartedAt == started)
        #expect(state.clock.sample(at: 2) == position)
        #expect(state.scene(at: 2, columns: 80, rows: 24, lineHeight: 7).plainText == TerminalLine("T 07"))
        #expect(state.statusSnapshot(at: 2).text == "T 07")
    }

    @Test("a reading for a message no longer shown, or for one without fields, changes nothing")
    func stale() {
        var state = Self.state()
        let old = state.messageID
        _ = state.reduce(.key(.character("n")), at: 1)
        _ = state.reduce(.fieldsFilled(FilledFields(messageID: old, text: "T 07", caption: nil)), at: 2)
        #expect(state.filledCue == nil && state.shownCue.text == "plain")
        _ = state.reduce(.fieldsFilled(FilledFields(messageID: state.messageID, text: "hijack", caption: nil)), at: 2)
        #expect(state.shownCue.text == "plain")
    }

    @Test("the filled text belongs to its message: the next message shows as written until it is filled")
    func perMessage() {
        var state = Self.state(["A {time}", "B {time}"])
        _ = state.reduce(.fieldsFilled(FilledFields(messageID: state.messageID, text: "A 12:00", caption: nil)), at: 1)
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(state.shownCue.text == "B {time}")
        _ = state.reduce(.key(.character("p")), at: 3)
        #expect(state.shownCue.text == "A {time}", "a message shown again is filled again")
    }

    @Test("an interrupt's fields are filled like the flow's")
    func interrupt() {
        var state = Self.state(["plain"])
        _ = state.reduce(remote: .say(Interrupt(cue: Cue(text: "ON AIR {time:%S}"), duration: 60)), at: 1)
        _ = state.reduce(.fieldsFilled(FilledFields(messageID: state.messageID, text: "ON AIR 09", caption: nil)), at: 1)
        #expect(state.shownCue.text == "ON AIR 09")
        _ = state.reduce(remote: .clear, at: 2)
        #expect(state.shownCue.text == "plain")
    }

    @Test("a caption's fields are filled; a text without its own fields stays as it is")
    func caption() {
        var state = PlayerState(cues: [Cue(text: "HALL {{A}", caption: "{temp}")], settings: PlayerSettings(), at: 0)
        _ = state.reduce(.fieldsFilled(FilledFields(messageID: state.messageID, text: "HALL {A}", caption: "41°C")), at: 0)
        #expect(state.shownCue.text == "HALL {A}" && state.shownCue.caption == "41°C")
        #expect(state.scene(at: 0, columns: 80, rows: 24, lineHeight: 7).caption == TerminalLine("41°C"))
    }
}
