import Foundation
import Testing
@testable import MarqueeCore

@Suite("Events log records")
struct EventRecordTests {
    @Test("field names and order are stable")
    func lines() {
        #expect(EventRecord.start(version: "1.0", columns: 100, rows: 30).jsonLine(at: 0)
            == #"{"t":0.000,"event":"start","version":"1.0","cols":100,"rows":30}"#)
        #expect(EventRecord.cue(index: 2, count: 3, text: "A \"B\"", automatic: true).jsonLine(at: 12.3456)
            == #"{"t":12.346,"event":"cue","index":2,"count":3,"text":"A \"B\"","automatic":true}"#)
        #expect(EventRecord.policy(fps: 30, animation: true, effects: false, tier: "reduced", thermal: "fair", lowPower: false,
                                   reduceMotion: false, scene: "active", display: "on").jsonLine(at: 1)
            == #"{"t":1.000,"event":"policy","fps":30,"animation":true,"effects":false,"tier":"reduced","thermal":"fair","lowPower":false,"reduceMotion":false,"scene":"active","display":"on"}"#)
        #expect(EventRecord.quit.jsonLine(at: 2.5) == #"{"t":2.500,"event":"quit"}"#)
        #expect(EventRecord.interrupt(text: "FIRE", seconds: 30).jsonLine(at: 3)
            == #"{"t":3.000,"event":"interrupt","text":"FIRE","for":30.000}"#)
        #expect(EventRecord.interruptEnded(reason: "time").jsonLine(at: 33)
            == #"{"t":33.000,"event":"interruptEnded","reason":"time"}"#)
        #expect(EventRecord.add(added: 2, count: 5).jsonLine(at: 4) == #"{"t":4.000,"event":"add","added":2,"count":5}"#)
        #expect(EventRecord.load(count: 2).jsonLine(at: 5) == #"{"t":5.000,"event":"load","count":2}"#)
        #expect(EventRecord.powerSources(uevents: "kernel", profiles: "system bus", note: nil).jsonLine(at: 0.001)
            == #"{"t":0.001,"event":"powerSources","uevents":"kernel","profiles":"system bus","note":null}"#)
        #expect(EventRecord.powerSources(uevents: "none", profiles: "none", note: "a; b").jsonLine(at: 0)
            == #"{"t":0.000,"event":"powerSources","uevents":"none","profiles":"none","note":"a; b"}"#)
    }

    @Test("an interrupt record carries an excerpt of a long message, like a cue record")
    func interruptExcerpt() {
        let line = EventRecord.interrupt(text: String(repeating: "y", count: 300), seconds: 5).jsonLine(at: 1)
        #expect(line.contains(#""textBytes":300,"for":5.000}"#))
    }

    @Test("power's lowPower is a boolean like policy's, or null when the machine does not say")
    func lowPowerIsBoolean() throws {
        #expect(EventRecord.power(thermal: "nominal", lowPower: true, source: "battery 15 %", display: "unknown").jsonLine(at: 1)
            == #"{"t":1.000,"event":"power","thermal":"nominal","lowPower":true,"source":"battery 15 %","display":"unknown"}"#)
        #expect(EventRecord.power(thermal: "fair", lowPower: false, source: "AC", display: "on").jsonLine(at: 1)
            .contains(#""lowPower":false,"#))
        let unknown = EventRecord.power(thermal: "unknown", lowPower: nil, source: "none", display: "unknown").jsonLine(at: 1)
        #expect(unknown == #"{"t":1.000,"event":"power","thermal":"unknown","lowPower":null,"source":"none","display":"unknown"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(unknown.utf8)) as? [String: Any])
        #expect(object["lowPower"] is NSNull)
    }

    @Test("every field has one JSON type across all records")
    func oneTypePerField() throws {
        let records: [EventRecord] = [
            .start(version: "1.0", columns: 80, rows: 24),
            .cue(index: 0, count: 2, text: String(repeating: "x", count: 300), automatic: false),
            .policy(fps: 0, animation: false, effects: false, tier: "minimal", thermal: "unknown", lowPower: true,
                    reduceMotion: false, scene: "background", display: "unknown"),
            .policy(fps: 0, animation: false, effects: false, tier: "full", thermal: "nominal", lowPower: false,
                    reduceMotion: false, scene: "inactive", display: "off"),
            .power(thermal: "unknown", lowPower: nil, source: "none", display: "unknown"),
            .power(thermal: "fair", lowPower: false, source: "AC; card1-HDMI-A-1 dpms Off", display: "off"),
            .pause(paused: true, reason: "key"), .completed, .key(name: "space"), .key(name: "1"), .key(name: "enter"),
            .resize(columns: 40, rows: 10), .reload(count: 3), .error(message: "x"), .quit,
            .interrupt(text: String(repeating: "z", count: 300), seconds: 7.5), .interruptEnded(reason: "clear"),
            .add(added: 1, count: 4), .load(count: 2),
            .powerSources(uevents: "kernel", profiles: "none", note: "system bus: No such file or directory"),
            .powerSources(uevents: "test", profiles: "system bus", note: nil),
        ]
        var types: [String: Set<String>] = [:]
        for record in records {
            let line = record.jsonLine(at: 1)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in object.keys {
                // The type as written: Foundation's NSNumber blurs booleans and numbers.
                let value = try #require(line.range(of: "\"\(key)\":")).upperBound
                let type = switch line[value] {
                case "\"": "string"
                case "t", "f": "bool"
                case "n": "null"
                default: "number"
                }
                types[key, default: []].insert(type)
            }
        }
        for (key, seen) in types {
            #expect(seen.subtracting(["null"]).count == 1, "\(key): \(seen.sorted())")
        }
        #expect(types["lowPower"] == ["bool", "null"])
    }

    @Test("control characters in strings are escaped, so a record stays one line")
    func escaping() {
        let line = EventRecord.error(message: "bad\nline\u{1B}[31m\\").jsonLine(at: .nan)
        #expect(line == #"{"t":0.000,"event":"error","message":"bad\nline\u001b[31m\\"}"#)
        #expect(!line.contains("\n"))
    }

    @Test("C1 controls, bidi, zero-width and other format characters are escaped; the text decodes back whole",
          arguments: ["csi\u{9B}31m", "next\u{85}line", "rtl\u{202E}cba", "iso\u{2066}x\u{2069}", "zw\u{200B}sp\u{200D}j",
                      "bom\u{FEFF}", "alm\u{061C}", "tag\u{E0041}", "del\u{7F}", "emoji 👩\u{200D}💻 ok"])
    func hostileText(text: String) throws {
        let line = EventRecord.cue(index: 0, count: 1, text: text, automatic: false).jsonLine(at: 1)
        for scalar in line.unicodeScalars {
            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar.properties.generalCategory != .format,
                    "raw U+\(String(scalar.value, radix: 16)) in \(line)")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["text"] as? String == text)
    }

    @Test("a cue record carries an excerpt of a long message, and says how long it was")
    func excerpt() throws {
        let long = String(repeating: "é", count: 10_000)
        let line = EventRecord.cue(index: 0, count: 1, text: long, automatic: false).jsonLine(at: 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["text"] as? String == String(repeating: "é", count: EventRecord.excerptCharacters) + "…")
        #expect(object["textBytes"] as? Int == 20_000)
        #expect(line.utf8.count < 700)
        let short = EventRecord.cue(index: 0, count: 1, text: String(repeating: "x", count: 256), automatic: false).jsonLine(at: 1)
        #expect(!short.contains("textBytes") && !short.contains("…"))
    }
}
