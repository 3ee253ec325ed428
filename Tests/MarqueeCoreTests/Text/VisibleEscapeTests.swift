import Testing
@testable import MarqueeCore

@Suite("Visible escapes")
struct VisibleEscapeTests {
    @Test("controls, escapes and bidi overrides are shown, not sent", arguments: [
        ("plain", "plain"), ("a\u{1B}[2Jb", "a\\e[2Jb"), ("bell\u{7}", "bell\\x07"), ("two\nlines", "two\\nlines"),
        ("tab\there", "tab\\there"), ("c1\u{9B}31m", "c1\\x9B31m"), ("del\u{7F}", "del\\x7F"), ("rtl\u{202E}x", "rtl\\u{202E}x"),
        ("日本 é", "日本 é"), ("zw\u{200B}sp", "zw\\u{200B}sp"), ("bom\u{FEFF}", "bom\\u{FEFF}"), ("alm\u{061C}", "alm\\u{061C}"),
        ("iso\u{2067}x", "iso\\u{2067}x"), ("ls\u{2028}", "ls\\u{2028}"),
    ])
    func visible(input: String, expected: String) {
        #expect(TerminalText.visible(input) == expected)
    }
}
