import MarqueeCore
import Testing

/// The lines of a `.cast` (docs/export.md, "asciicast").
@Suite("asciicast lines")
struct AsciicastTests {
    @Test("the header: version 2, the size, the time, TERM")
    func header() {
        #expect(Asciicast.header(width: 80, height: 24, timestamp: 1_700_000_000, term: "xterm-256color")
            == #"{"version":2,"width":80,"height":24,"timestamp":1700000000,"env":{"TERM":"xterm-256color"}}"#)
    }

    @Test("an event: the time to the microsecond, \"o\", the text with every control escaped and the LED glyphs as written")
    func event() {
        let bytes = Array("\u{1B}[1;5H\u{1B}[38;5;196m●\"\\\n\r\u{7}".utf8)
        #expect(Asciicast.output(at: 1.0 / 60, bytes) == #"[0.016667,"o","\u001b[1;5H\u001b[38;5;196m●\"\\\n\r\u0007"]"#)
        #expect(Asciicast.output(at: 2, []) == #"[2,"o",""]"#)
    }
}
