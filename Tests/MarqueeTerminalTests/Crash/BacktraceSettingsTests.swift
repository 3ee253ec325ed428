import Testing
@testable import MarqueeTerminal

@Suite("SWIFT_BACKTRACE as the runtime reads it")
struct BacktraceSettingsTests {
    @Test("pairs split at commas; keys ignore case; a later pair wins", arguments: [
        (nil, [:]),
        ("", [:]),
        ("interactive=no", ["interactive": "no"]),
        ("Interactive=yes,color=no", ["interactive": "yes", "color": "no"]),
        ("color=no,color=yes", ["color": "yes"]),
        ("interactive=", ["interactive": ""]),
        ("timeout=5,", ["timeout": "5"]),
        ("output-to=/tmp/a=b", ["output-to": "/tmp/a=b"]),
        // A comma before the pair's "=" is part of the key, as in the runtime.
        ("foo,interactive=no", ["foo,interactive": "no"]),
        ("enable", [:]),
    ] as [(String?, [String: String])])
    func parse(text: String?, values: [String: String]) {
        #expect(BacktraceSettings(text).values == values)
    }

    @Test("the user's choices of prompt and output are seen")
    func choices() {
        let none = BacktraceSettings("color=no,preset=full")
        #expect(!none.choosesInteractive)
        #expect(!none.choosesOutput)
        let both = BacktraceSettings("INTERACTIVE=yes,output-to=stdout")
        #expect(both.choosesInteractive)
        #expect(both.choosesOutput)
        // Not a choice the runtime would see: its key is "x,interactive".
        #expect(!BacktraceSettings("x,interactive=yes").choosesInteractive)
    }
}
