import MarqueeCore
import Testing
@testable import MarqueeApp

/// A deck's `"zones"` (docs/zones.md, "In a deck"): the flag's written form,
/// one string a zone, its caps and its errors, from a file, the control
/// socket and a fleet's broker.
@Suite("Deck zones")
struct DeckZonesTests {
    func parse(_ text: String) throws(CueFileParser.ParseError) -> CueFileParser.Result {
        try CueFileParser.parse(Array(text.utf8), name: "deck.json", isDeck: true, defaultSeconds: 5)
    }

    @Test("zones as --zones writes them, one string each; null and no key leave the sign's, [] shows none")
    func good() throws {
        let result = try parse(#"{"deck": ["A"], "zones": ["left=12:OPEN", "bottom@2:9-5|Sat 10-4", "right:{time:%H:%M}"]}"#)
        #expect(result.zones == [SignZone(edge: .left, texts: ["OPEN"], width: 12),
                                 SignZone(edge: .bottom, texts: ["9-5", "Sat 10-4"], seconds: 2),
                                 SignZone(edge: .right, texts: ["{time:%H:%M}"])])
        #expect(result.notes.isEmpty)
        #expect(try parse(#"{"deck": ["A"], "zones": []}"#).zones == [])
        #expect(try parse(#"{"deck": ["A"], "zones": null}"#).zones == nil)
        #expect(try parse(#"{"deck": ["A"]}"#).zones == nil)
        #expect(try parse(#"["A"]"#).zones == nil)
    }

    @Test("bad zones are one line naming the deck and the zone, hostile text escaped", arguments: [
        (#"{"deck": ["A"], "zones": ["left:OK", "middle:x"]}"#,
         #"deck.json: "zones" 2: zone 'middle:x': unknown edge 'middle' (use left, right, top, bottom)"#),
        (#"{"deck": ["A"], "zones": ["\u001b[31mleft"]}"#,
         #"deck.json: "zones" 1: zone '\e[31mleft' needs EDGE:TEXT (left:OPEN, right:{time:%H:%M}, bottom:A|B)"#),
        (#"{"deck": ["A"], "zones": ["left:a", "left:b"]}"#,
         #"deck.json: "zones": two zones at the left edge (one zone an edge, at most 4)"#),
        (#"{"deck": ["A"], "zones": ["left:a", "right:b", "top:c", "bottom:d", "left:e"]}"#,
         #"deck.json: "zones" has 5 zones (at most 4, one an edge)"#),
        (#"{"deck": ["A"], "zones": [3]}"#,
         #"deck.json: "zones" 1: must be a string (a JSON array of zones written as --zones takes them, such as ["left:OPEN", "bottom:A|B"])"#),
        (#"{"deck": ["A"], "zones": "left:OPEN"}"#,
         #"deck.json: "zones" must be a JSON array of zones written as --zones takes them, such as ["left:OPEN", "bottom:A|B"]"#),
        (#"{"deck": ["A"], "zones": ["top=3:x"]}"#,
         #"deck.json: "zones" 1: zone 'top=3:x': only a left or right zone takes =WIDTH"#),
    ])
    func hostile(text: String, message: String) {
        #expect(throws: CueFileParser.ParseError(message)) { try parse(text) }
    }

    @Test("the flag's caps hold: texts, their length, the width and the seconds")
    func caps() {
        let many = (0...SignZone.maximumTexts).map(String.init).joined(separator: "|")
        let long = String(repeating: "x", count: SignZone.maximumTextLength + 1)
        for zone in ["bottom:\(many)", "bottom:\(long)", "left=201:x", "left@0.1:x"] {
            #expect(throws: CueFileParser.ParseError.self) { try parse(#"{"deck": ["A"], "zones": ["\#(zone)"]}"#) }
        }
    }

    @Test("a fleet's deck keeps its zones' {file:…} as typed; other fields work")
    func fleetFileFields() throws {
        let payload = #"{"deck": ["A"], "zones": ["left:{file:/etc/hostname}", "right:{time:%H:%M}|{{x}"]}"#
        guard case .success(.deck(_, _, _, let zones?)) = FleetPayload.parse(Array(payload.utf8), kind: .deck, topic: "signs/deck",
                                                                              defaultSeconds: 5) else {
            Issue.record("not a deck with zones")
            return
        }
        #expect(zones == [SignZone(edge: .left, texts: ["{{file:/etc/hostname}"]),
                          SignZone(edge: .right, texts: ["{time:%H:%M}", "{{x}"])])
        #expect(!zones[0].showsFields && zones[1].showsFields)
    }

    @Test("a fleet deck with bad zones is refused whole, naming the topic")
    func fleetBadZones() {
        let payload = #"{"deck": ["A"], "zones": ["middle:x"]}"#
        guard case .failure(let failure) = FleetPayload.parse(Array(payload.utf8), kind: .deck, topic: "signs/deck", defaultSeconds: 5) else {
            Issue.record("taken")
            return
        }
        #expect(failure.message == #"signs/deck: "zones" 1: zone 'middle:x': unknown edge 'middle' (use left, right, top, bottom)"#)
    }

    @Test("send load's inline deck object brings its zones; a bad one is the reply's error")
    func controlLoad() throws {
        let request = try ControlRequestParser.parse(Array(#"{"cmd":"load","deck":{"deck":["A"],"zones":["left:OK"]}}"#.utf8),
                                                     defaultSeconds: 7).get()
        #expect(request.remote == .load([Cue(text: "A", seconds: 7)], epoch: nil, zones: [SignZone(edge: .left, texts: ["OK"])]))
        let bad = ControlRequestParser.parse(Array(#"{"cmd":"load","deck":{"deck":["A"],"zones":["x"]}}"#.utf8), defaultSeconds: 7)
        guard case .failure(let failure) = bad else {
            Issue.record("taken")
            return
        }
        #expect(failure.message == #"'deck': "zones" 1: zone 'x' needs EDGE:TEXT (left:OPEN, right:{time:%H:%M}, bottom:A|B)"#)
    }

    @Test("a deck on standard input (-f -) brings its zones in the batch that reads it")
    func standardInput() throws {
        var stream = CueStream(name: "standard input", seconds: 5, format: .json)
        let fed = try stream.feed(Array(#"{"deck": ["A"], "zones": ["top:B"]}"#.utf8))
        let finished = try stream.finish()
        #expect((fed.zones ?? finished.zones) == [SignZone(edge: .top, texts: ["B"])])
    }
}
