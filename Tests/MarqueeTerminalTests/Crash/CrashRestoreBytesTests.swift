import Testing
@testable import MarqueeTerminal

@Suite("Bytes a crash writes to give the terminal back")
struct CrashRestoreBytesTests {
    static let tmux: [String: String] = [
        "sgr0": "\u{1B}[m\u{0F}", "op": "\u{1B}[39;49m", "cnorm": "\u{1B}[34h\u{1B}[?25h",
        "rmcup": "\u{1B}[?1049l", "clear": "\u{1B}[H\u{1B}[J",
    ]

    static func make(_ capabilities: [String: String]) -> String {
        String(decoding: CrashRestoreBytes.make { capabilities[$0].map { Array($0.utf8) } }, as: UTF8.self)
    }

    @Test("cancel, attributes, colours, cursor, the sign cleared, then leave the alternate screen")
    func order() {
        #expect(Self.make(Self.tmux) == "\u{18}\u{1B}[m\u{0F}\u{1B}[39;49m\u{1B}[34h\u{1B}[?25h\u{1B}[H\u{1B}[J\u{1B}[?1049l")
    }

    @Test("without an alternate screen the sign is cleared instead; absent capabilities are skipped")
    func fallbacks() {
        var console = Self.tmux
        console["rmcup"] = nil
        console["op"] = nil
        #expect(Self.make(console) == "\u{18}\u{1B}[m\u{0F}\u{1B}[34h\u{1B}[?25h\u{1B}[H\u{1B}[J")
        #expect(Self.make([:]) == "\u{18}")
    }

    @Test("terminfo delays are dropped, anything else that looks like one is kept", arguments: [
        ("\u{1B}[m$<2>", "\u{1B}[m"),
        ("$<5*>a$<1.5/>b$<10*/>", "ab"),
        ("$<>", "$<>"),
        ("$<x>", "$<x>"),
        ("$<5", "$<5"),
        ("$$<3>", "$"),
        ("cost $5", "cost $5"),
    ])
    func padding(value: String, expected: String) {
        #expect(String(decoding: TerminfoPadding.removed(from: Array(value.utf8)), as: UTF8.self) == expected)
    }
}
