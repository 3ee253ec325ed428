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
                                   reduceMotion: false, scene: "active").jsonLine(at: 1)
            == #"{"t":1.000,"event":"policy","fps":30,"animation":true,"effects":false,"tier":"reduced","thermal":"fair","lowPower":false,"reduceMotion":false,"scene":"active"}"#)
        #expect(EventRecord.quit.jsonLine(at: 2.5) == #"{"t":2.500,"event":"quit"}"#)
    }

    @Test("control characters in strings are escaped, so a record stays one line")
    func escaping() {
        let line = EventRecord.error(message: "bad\nline\u{1B}[31m\\").jsonLine(at: .nan)
        #expect(line == #"{"t":0.000,"event":"error","message":"bad\nline\u001b[31m\\"}"#)
        #expect(!line.contains("\n"))
    }
}
