import MarqueeCore
import Testing
@testable import MarqueeApp

/// A cue file or deck the sign could not hold is refused whole, with one
/// line naming it (docs/limits.md): `-f`, a reload, `load`, a fleet's deck.
@Suite("Cue file limits")
struct CueFileLimitTests {
    func parse(_ text: String, deck: Bool) throws(CueFileParser.ParseError) -> CueFileParser.Result {
        try CueFileParser.parse(Array(text.utf8), name: "cues", isDeck: deck, defaultSeconds: 5)
    }

    @Test("1,000 lines play; 1,001 are refused")
    func lines() throws {
        let thousand = (1...1_000).map { "LINE \($0)" }.joined(separator: "\n")
        #expect(try parse(thousand, deck: false).cues.count == 1_000)
        #expect(throws: CueFileParser.ParseError("cues: more than 1,000 messages; a sign holds at most 1,000")) {
            try parse(thousand + "\nONE MORE", deck: false)
        }
        // Comments and blank lines are not messages.
        #expect(try parse(thousand + "\n# note\n\n", deck: false).cues.count == 1_000)
    }

    @Test("a deck of 1,001 entries is refused before any is read; one of more than 4 MiB of text as it passes it")
    func deck() throws {
        let entries = Array(repeating: "\"A\"", count: 1_001).joined(separator: ",")
        #expect(throws: CueFileParser.ParseError("cues: more than 1,000 messages; a sign holds at most 1,000")) {
            try parse("[" + entries + "]", deck: true)
        }
        let long = String(repeating: "x", count: 65_536)
        let big = Array(repeating: "{\"text\":\"\(long)\"}", count: 65).joined(separator: ",")
        #expect(throws: CueFileParser.ParseError("cues: more than 4 MiB of text (4,259,840 bytes so far); a sign holds at most 4 MiB")) {
            try parse("[" + big + "]", deck: true)
        }
        let fits = Array(repeating: "\"\(long)\"", count: 64).joined(separator: ",")
        #expect(try parse("[" + fits + "]", deck: true).cues.count == 64)
    }
}
