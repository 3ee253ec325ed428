import Testing
@testable import MarqueeCore

/// The one written form of a zone (docs/zones.md, "Syntax").
@Suite("Zone syntax")
struct SignZoneParsingTests {
    @Test("an edge and a text; the first colon ends the head, so fields keep theirs")
    func plain() throws {
        let label = try SignZone(parsing: "left:OPEN")
        #expect(label == SignZone(edge: .left, texts: ["OPEN"]))
        let clock = try SignZone(parsing: "right:{time:%H:%M}")
        #expect(clock.texts == ["{time:%H:%M}"])
        #expect(clock.showsFields && !clock.rotates)
    }

    @Test("width, seconds and texts that take turns; \\| and \\\\ escape")
    func full() throws {
        let zone = try SignZone(parsing: "right=12@2.5s:A|B\\|C|D\\\\")
        #expect(zone.edge == .right && zone.width == 12 && zone.seconds == 2.5)
        #expect(zone.texts == ["A", "B|C", "D\\"])
        #expect(try SignZone(parsing: "bottom@5:Today 9-5|Sat 10-4").texts == ["Today 9-5", "Sat 10-4"])
    }

    @Test("bad values name the zone and what is wrong, hostile text shown escaped", arguments: [
        ("middle:x", "unknown edge 'middle'"),
        ("left", "needs EDGE:TEXT"),
        ("top=5:x", "only a left or right zone takes =WIDTH"),
        ("left=0:x", "=WIDTH must be a number of cells from 1 to 200"),
        ("left=999999999999999999999:x", "=WIDTH must be"),
        ("bottom@0:x", "@SECONDS must be a number of seconds from 0.5 to 3600"),
        ("bottom@nan:x", "@SECONDS must be"),
        ("left:a||b", "has an empty text"),
        ("left:", "has an empty text"),
        ("left:ab\\", "ends in a lone '\\'"),
        ("left:a\\nb", "escapes only"),
        ("le\u{1B}[2Jft:x", "le\\e[2Jft"),
    ])
    func refused(written: String, expected: String) {
        #expect {
            _ = try SignZone(parsing: written)
        } throws: { error in
            let message = (error as? ZoneSyntaxError)?.message ?? ""
            return message.contains(expected) && !message.unicodeScalars.contains { $0.value == 0x1B }
        }
    }

    @Test("caps: texts and their length are bounded, whatever is written")
    func caps() {
        let many = "top:" + Array(repeating: "x", count: SignZone.maximumTexts + 1).joined(separator: "|")
        #expect(throws: ZoneSyntaxError.self) { try SignZone(parsing: many) }
        #expect((try? SignZone(parsing: "top:" + Array(repeating: "x", count: SignZone.maximumTexts).joined(separator: "|"))) != nil)
        let long = "top:" + String(repeating: "y", count: SignZone.maximumTextLength + 1)
        #expect(throws: ZoneSyntaxError.self) { try SignZone(parsing: long) }
        // A huge value is refused as it is read, quoted in at most 64 characters.
        let huge = "top:" + String(repeating: "z", count: 1_000_000)
        #expect { try SignZone(parsing: huge) } throws: { ($0 as? ZoneSyntaxError).map { $0.message.count < 200 } ?? false }
    }

    @Test("one zone an edge")
    func oneAnEdge() throws {
        let zones = [SignZone(edge: .left, texts: ["a"]), SignZone(edge: .left, texts: ["b"])]
        #expect(throws: ZoneSyntaxError.self) { try SignZone.checked(zones) }
        #expect(try SignZone.checked([SignZone(edge: .left, texts: ["a"]), SignZone(edge: .top, texts: ["b"])]).count == 2)
    }

    @Test("the text shown is a pure function of the zone clock")
    func turns() {
        let zone = SignZone(edge: .bottom, texts: ["a", "b", "c"], seconds: 2)
        #expect([0, 1.9, 2, 5.9, 6, 8].map(zone.textIndex(elapsed:)) == [0, 0, 1, 2, 0, 1])
        #expect(zone.textIndex(elapsed: .nan) == 0 && zone.textIndex(elapsed: -3) == 0)
        #expect(SignZone(edge: .left, texts: ["one"]).textIndex(elapsed: 100) == 0)
    }
}
