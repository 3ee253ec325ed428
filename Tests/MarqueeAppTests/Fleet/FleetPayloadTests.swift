import MarqueeCore
import Testing
@testable import MarqueeApp

/// What arrives from the broker is hostile input (docs/fleet.md).
@Suite("Fleet payloads")
struct FleetPayloadTests {
    static func parse(_ text: String, _ kind: FleetTopics.Kind) -> Result<FleetPayload.Message, FleetPayload.Failure> {
        FleetPayload.parse(Array(text.utf8), kind: kind, topic: "shop/deck", defaultSeconds: 5)
    }

    @Test("a deck in the deck format; an empty payload is a deleted deck")
    func decks() {
        guard case .success(.deck(let cues, _, let notes, _)) = Self.parse(#"[{"text":"HELLO","seconds":3},"WORLD",{"text":"X","bogus":1}]"#, .deck) else {
            Issue.record("not a deck")
            return
        }
        #expect(cues.map(\.text) == ["HELLO", "WORLD", "X"] && cues[0].seconds == 3 && cues[1].seconds == 5)
        #expect(notes.count == 1)
        #expect(FleetPayload.parse([], kind: .deck, topic: "shop/deck", defaultSeconds: 5) == .success(.deckCleared))
    }

    @Test("hostile decks are refused whole, naming the topic", arguments: [
        "{", "[]", "\"text\"", "[1,2]", "[{\"seconds\":3}]", "[\"\u{0}\"]", String(repeating: "[", count: 10_000),
    ])
    func hostileDecks(payload: String) {
        guard case .failure(let failure) = Self.parse(payload, .deck) else {
            Issue.record("taken: \(payload.prefix(40))")
            return
        }
        #expect(failure.message.hasPrefix("shop/deck") && !failure.message.contains("\n"))
    }

    @Test("a deck larger than 1 MiB is refused without being parsed")
    func largeDeck() {
        let payload = [UInt8](repeating: UInt8(ascii: " "), count: FleetPayload.maximumDeckBytes + 1)
        #expect(FleetPayload.parse(payload, kind: .deck, topic: "t", defaultSeconds: 5)
                == .failure(FleetPayload.Failure(message: "t: deck of 1048577 bytes refused (at most 1048576)")))
    }

    @Test("commands are the control socket's; watch and load of a path are refused")
    func commands() {
        #expect(Self.parse(#"{"cmd":"next"}"#, .command(forAll: true)) == .success(.command(.remote("next", .next))))
        #expect(Self.parse(#"{"cmd":"status"}"#, .command(forAll: false)) == .success(.command(ControlRequest("status", .status))))
        for (payload, reason) in [(#"{"cmd":"watch"}"#, "'watch' is for the control socket"),
                                  (#"{"cmd":"load","path":"/etc/passwd"}"#, "'load' of a path is for the control socket"),
                                  (#"{"cmd":"jump"}"#, "unknown command 'jump'"), ("not json", "request is not valid JSON")] {
            guard case .failure(let failure) = Self.parse(payload, .command(forAll: true)) else {
                Issue.record("taken: \(payload)")
                continue
            }
            #expect(failure.message.hasPrefix("shop/deck: ") && failure.message.contains(reason), "\(failure.message)")
        }
    }

    @Test("a sender on the broker cannot show the sign's files; other fields, and escaped braces, stay")
    func noFileFields() throws {
        guard case .success(.command(let request, _)) = Self.parse(#"{"cmd":"say","text":"A {file:/etc/passwd} {time:%H} {{file:x}"}"#,
                                                                 .command(forAll: true)), let say = request.interrupt else {
            Issue.record("not a say")
            return
        }
        #expect(say.cue.fields?.all == [.time(format: "%H")])
        #expect(say.cue.text == "A {{file:/etc/passwd} {time:%H} {{file:x}")
        guard case .success(.deck(let cues, _, _, _)) = Self.parse(#"[{"text":"{file:/etc/shadow}","caption":"{{ {file:c}"}]"#, .deck) else {
            Issue.record("not a deck")
            return
        }
        #expect(cues[0].fields == nil && cues[0].text == "{file:/etc/shadow}" && cues[0].caption == "{ {file:c}")
    }
}
