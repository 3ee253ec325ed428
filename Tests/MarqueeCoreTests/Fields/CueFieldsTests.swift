import Testing
@testable import MarqueeCore

@Suite("Cues with live fields")
struct CueFieldsTests {
    @Test("a text without fields is fixed: its {{ are read once, and it has no fields")
    func fixed() {
        let cue = Cue(text: "SALE {{50%}", caption: "a {{ b")
        #expect(cue.text == "SALE {50%}" && cue.caption == "a { b" && cue.fields == nil)
    }

    @Test("a text with fields keeps its template; a fixed caption beside it is read as usual")
    func live() {
        let cue = Cue(text: "NOW {time} {{", caption: "x {{")
        #expect(cue.text == "NOW {time} {{")
        #expect(cue.caption == "x {")
        #expect(cue.fields?.text?.fields == [.time(format: "%H:%M")] && cue.fields?.caption == nil)
    }

    @Test("fields are parsed from the cleaned text: an escape sequence cannot hide in one")
    func cleanedFirst() {
        let cue = Cue(text: "{file:/tmp/\u{1B}[2Jx}")
        #expect(cue.fields?.all == [.file(path: "/tmp/x")])
    }

    @Test("a filled cue is cleaned again and has no fields of its own: a file that holds {time} shows it as is")
    func filled() {
        let cue = Cue(text: "{file:/x}", caption: "{temp}", seconds: 7)
        let shown = cue.filled(text: "{time}\u{1B}[31m red\u{7}", caption: "49°C")
        #expect(shown.text == "{time} red" && shown.caption == "49°C" && shown.seconds == 7 && shown.fields == nil)
        #expect(shown.displayText.width == 10)
    }
}
