import MarqueeCore
import Testing
@testable import MarqueeApp

/// A deck entry's `days`, `hours`, `from` and `until` (docs/schedules.md):
/// read as the look keys are, and as hostile a file as any other part of
/// the deck; the error names the entry and the key.
@Suite("Deck entry schedules")
struct DeckScheduleTests {
    func parse(_ text: String) throws(CueFileParser.ParseError) -> CueFileParser.Result {
        try CueFileParser.parse(Array(text.utf8), name: "deck.json", isDeck: true, defaultSeconds: 5)
    }

    @Test("the four keys reach the cue; null and absent are always; an entry without them has no schedule")
    func schedules() throws {
        let result = try parse(#"""
            [{"text": "OPEN", "days": "Mon-Fri", "hours": "09:00-12:00,13:00-17:30"},
             {"text": "XMAS", "from": "2026-12-01", "until": "2026-12-26T12:00"},
             {"text": "NIGHT", "hours": "22:00-02:00", "days": null},
             "PLAIN"]
            """#)
        #expect(result.notes.isEmpty, "\(result.notes)")
        #expect(result.cues[0].schedule?.summary == "Mon-Fri 09:00-12:00,13:00-17:30")
        #expect(result.cues[1].schedule?.summary == "from 2026-12-01T00:00:00 until 2026-12-26T12:00:00")
        #expect(result.cues[2].schedule?.hours == [TimeWindow(start: 1320, end: 120)])
        #expect(result.cues[3].schedule == nil)
    }

    @Test("a bad value is one line naming the entry and the key, the value quoted escaped and short", arguments: [
        (#"{"text": "T", "days": 5}"#, #"deck.json: entry 1: "days" must be a string"#),
        (#"{"text": "T", "hours": ["09:00-10:00"]}"#, #"deck.json: entry 1: "hours" must be a string"#),
        (#"{"text": "T", "days": "Mon-Fru"}"#, #"deck.json: entry 1: "days" "Mon-Fru": unknown day "Fru" (use Mon, Tue, Wed, Thu, Fri, Sat, Sun or full names)"#),
        (#"{"text": "T", "hours": "9-5"}"#, #"deck.json: entry 1: "hours" "9-5": "9" is not a time (use HH:MM, 00:00 to 24:00)"#),
        (#"{"text": "T", "hours": "10:00-10:00"}"#, #"deck.json: entry 1: "hours" "10:00-10:00": the window "10:00-10:00" is empty (it starts where it ends)"#),
        (#"{"text": "T", "from": "2026-02-30"}"#, #"deck.json: entry 1: "from" "2026-02-30" is not a date (use YYYY-MM-DD, optionally THH:MM)"#),
        (#"{"text": "T", "from": "2026-12-02", "until": "2026-12-01"}"#, #"deck.json: entry 1: "from" 2026-12-02T00:00:00 is not before "until" 2026-12-01T00:00:00: the message would never show"#),
        (#"{"text": "T", "until": "\u001b]0;x\u0007 2026-01-01 and a great deal more text"}"#, #"deck.json: entry 1: "until" "\e]0;x\x07 2026-01-01 and a great de…" is not a date (use YYYY-MM-DD, optionally THH:MM)"#),
    ])
    func hostile(entry: String, error: String) {
        #expect(throws: CueFileParser.ParseError(error)) { try self.parse("[\(entry)]") }
    }

    @Test("an inline deck (add, load) reads schedules the same way")
    func inline() throws {
        let entries: [JSONValue] = [.object(["text": .string("T"), "hours": .string("08:00-09:00")])]
        let result = try CueFileParser.parseDeck(entries: entries, name: "add", defaultSeconds: 5)
        #expect(result.cues[0].schedule?.hours == [TimeWindow(start: 480, end: 540)])
    }
}
