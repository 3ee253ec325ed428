import Testing
@testable import MarqueeTerminal

/// The Linux console's blanking escape and the value given back
/// (docs/display.md, "The Linux console").
@Suite("Console blanking")
struct ConsoleBlankingTests {
    @Test("off is ESC [ 9 ; 0 ], a restore names the minutes")
    func bytes() {
        #expect(ConsoleBlanking.offBytes == [0x1B, 0x5B, 0x39, 0x3B, 0x30, 0x5D])
        #expect(String(decoding: ConsoleBlanking.restoreBytes(minutes: 10), as: UTF8.self) == "\u{1B}[9;10]")
        #expect(String(decoding: ConsoleBlanking.restoreBytes(minutes: 600), as: UTF8.self) == "\u{1B}[9;60]", "the kernel takes at most 60")
        #expect(String(decoding: ConsoleBlanking.restoreBytes(minutes: -3), as: UTF8.self) == "\u{1B}[9;0]")
    }

    @Test("consoleblank's seconds become whole minutes, rounded up, at most 60; unreadable is off",
          arguments: [(600 as Int?, 10), (0, 0), (1, 1), (59, 1), (60, 1), (61, 2), (90, 2), (3600, 60), (86400, 60),
                      (-5, 0), (nil, 0)])
    func minutes(seconds: Int?, expected: Int) {
        #expect(ConsoleBlanking.minutes(fromSeconds: seconds) == expected)
    }

    @Test("the restore reads the interval when asked, not before")
    func readsWhenAsked() {
        nonisolated(unsafe) var seconds: Int? = 300
        let blanking = ConsoleBlanking { seconds }
        #expect(String(decoding: blanking.currentRestoreBytes(), as: UTF8.self) == "\u{1B}[9;5]")
        seconds = nil
        #expect(String(decoding: blanking.currentRestoreBytes(), as: UTF8.self) == "\u{1B}[9;0]")
    }

    @Test("only the Linux console gets it", arguments: [("linux", true), ("linux-16color", true), ("linux-basic", true),
                                                       ("xterm-256color", false), ("tmux-256color", false), ("screen.linux", false),
                                                       ("vt220", false), ("", false), (nil, false)] as [(String?, Bool)])
    func applies(term: String?, expected: Bool) {
        #expect(ConsoleBlanking.applies(toTerm: term) == expected)
    }
}
