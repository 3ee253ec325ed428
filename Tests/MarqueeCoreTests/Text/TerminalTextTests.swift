import Testing
@testable import MarqueeCore

@Suite("Terminal text safety")
struct TerminalTextTests {
    @Test("escape sequences and controls never survive", arguments: [
        ("ON\u{1B}[31m AIR", "ON AIR"),
        ("\u{1B}[2J\u{1B}[HCLEAR", "CLEAR"),
        ("title\u{1B}]0;pwned\u{07}!", "title!"),
        ("osc\u{1B}]8;;http://x\u{1B}\\link", "osclink"),
        ("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\end", "dcsend"),
        ("bell\u{07}nul\u{00}del\u{7F}", "bellnuldel"),
        ("c1\u{9B}31mred", "c1red"),
        ("tab\there\nnext\rline", "tab here next line"),
        ("bidi\u{202E}gnirts", "bidignirts"),
        ("trailing escape\u{1B}", "trailing escape"),
        ("unterminated\u{1B}[1;2;3", "unterminated"),
        ("日本 ✓ é", "日本 ✓ é"),
    ])
    func sanitize(input: String, expected: String) {
        let clean = TerminalText.sanitize(input)
        #expect(clean == expected)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("cell widths: wide, zero-width and narrow", arguments: [
        ("A", 1), ("日", 2), ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0), ("😀", 2), ("é", 1),
    ])
    func widths(text: String, width: Int) {
        #expect(TerminalText.cellWidth(of: text) == width)
    }
}
