import MarqueeCore
import Testing
@testable import MarqueeApp

/// A deck written as `{"epoch": E, "deck": [...]}` (docs/cue-flow.md,
/// "Playing in step"), and everything that can be wrong with one.
@Suite("Deck epochs")
struct DeckEpochTests {
    func parse(_ text: String) throws(CueFileParser.ParseError) -> CueFileParser.Result {
        try CueFileParser.parse(Array(text.utf8), name: "deck.json", isDeck: true, defaultSeconds: 5)
    }

    @Test("the object form: epoch as Unix seconds or an RFC 3339 UTC time, the entries as in the array form", arguments: [
        (#"{"epoch": 1796115600, "deck": ["A", {"text": "B", "seconds": 3}]}"#, 1_796_115_600.0),
        (#"{"deck": ["A", {"text": "B", "seconds": 3}], "epoch": "2026-12-01T09:00:00Z"}"#, 1_796_115_600),
        (#"{"epoch": "2026-12-01t09:00:00.25z", "deck": ["A", {"text": "B", "seconds": 3}]}"#, 1_796_115_600.25),
        (#"{"epoch": "1970-01-01T00:00:00Z", "deck": ["A", {"text": "B", "seconds": 3}]}"#, 0),
        (#"{"epoch": "2028-02-29T23:59:59Z", "deck": ["A", {"text": "B", "seconds": 3}]}"#, 1_835_481_599),
        (#"{"epoch": 0.5, "deck": ["A", {"text": "B", "seconds": 3}]}"#, 0.5),
    ])
    func objectForm(text: String, epoch: Double) throws {
        let result = try parse(text)
        #expect(result.epoch == epoch)
        #expect(result.cues == [Cue(text: "A", seconds: 5), Cue(text: "B", seconds: 3)])
        #expect(result.notes.isEmpty)
    }

    @Test("the array form stays valid and has no epoch; so does an object whose epoch is null")
    func noEpoch() throws {
        #expect(try parse(#"["A", "B"]"#).epoch == nil)
        #expect(try parse(#"{"epoch": null, "deck": ["A"]}"#).epoch == nil)
        #expect(try parse(#"{"deck": ["A"]}"#).cues == [Cue(text: "A", seconds: 5)])
    }

    @Test("extra keys are ignored with a note, as an entry's unknown keys are, quoted escaped")
    func extraKeys() throws {
        let result = try parse(#"{"epoch": 0, "deck": ["A"], "name": "lobby", "\u001b[31m": 1}"#)
        #expect(result.epoch == 0)
        #expect(result.notes == [#"deck.json: unknown keys "\e[31m", "name" ignored (a deck object has "epoch", "deck" and "zones")"#])
    }

    @Test("hostile decks are one clear line naming the file", arguments: [
        (#"{"epoch": 0}"#, #"a deck object needs "deck", the JSON array of entries"#),
        (#"{"epoch": 0, "deck": {"text": "A"}}"#, #""deck" must be a JSON array of entries"#),
        (#"{"epoch": 0, "deck": "A"}"#, #""deck" must be a JSON array of entries"#),
        (#"{"epoch": 0, "deck": []}"#, "the deck has no entries"),
        (#"{"epoch": true, "deck": ["A"]}"#, #""epoch" must be Unix seconds or an RFC 3339 UTC time"#),
        (#"{"epoch": [1], "deck": ["A"]}"#, #""epoch" must be Unix seconds or an RFC 3339 UTC time"#),
        (#"{"epoch": 1e400, "deck": ["A"]}"#, "not valid JSON"),
        (#"{"epoch": 1e300, "deck": ["A"]}"#, "is out of range (0 to 253402300799"),
        (#"{"epoch": -1, "deck": ["A"]}"#, "is out of range"),
        (#"{"epoch": 253402300800, "deck": ["A"]}"#, "is out of range"),
        (#"{"epoch": "", "deck": ["A"]}"#, #"not """#),
        (#"{"epoch": "2026-12-01", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "2026-12-01T09:00:00+01:00", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "2026-02-29T09:00:00Z", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "2026-13-01T09:00:00Z", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "2026-12-01T24:00:00Z", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "2026-12-01T09:60:00Z", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "1969-12-31T23:59:59Z", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "2026-12-01T09:00:00.Z", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "2026-12-01T09:00:00.5xZ", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "+026-12-01T09:00:00Z", "deck": ["A"]}"#, "RFC 3339 UTC time"),
        (#"{"epoch": "2026-12-01T09:00:00Z\u001b[2J", "deck": ["A"]}"#, #"\e[2J"#),
        (#""just a string""#, #"a deck must be a JSON array of entries, or an object with "deck" and "epoch""#),
        ("42", "a deck must be a JSON array of entries"),
    ])
    func hostile(text: String, mention: String) {
        do {
            _ = try parse(text)
            Issue.record("expected an error for \(text.debugDescription)")
        } catch {
            #expect(error.message.hasPrefix("deck.json: "), "\(error.message)")
            #expect(error.message.contains(mention), "\(error.message)")
            #expect(!error.message.contains("\u{1B}") && !error.message.contains("\n"), "\(error.message)")
        }
    }

    @Test("a very long epoch string is refused without quoting all of it")
    func longString() {
        let text = #"{"epoch": ""# + String(repeating: "9", count: 100_000) + #"", "deck": ["A"]}"#
        do {
            _ = try parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.count < 300, "\(error.message.count) characters")
        }
    }
}
