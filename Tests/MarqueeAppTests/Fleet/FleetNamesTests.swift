@testable import MarqueeCore
import Testing
@testable import MarqueeApp

/// Two signs with one name, request IDs and answers, the status table
/// (docs/fleet.md; issue 26, item 6).
@Suite("Fleet names and answers")
struct FleetNamesTests {
    static let snapshot = StatusSnapshot(cueNumber: 2, cueCount: 3, text: "DOORS", interrupt: false, interruptRemaining: nil,
                                         paused: false, completed: false, framesDrawnPerSecond: 0, thermal: "unknown",
                                         lowPower: nil, tier: "full", speed: 24, color: "red", style: "dots",
                                         scene: "active", display: "unknown", link: "up")

    static func online(run: String, at: Double? = nil) -> [UInt8] {
        Array(FleetStatus.online(name: "lobby", run: run, status: snapshot, at: at).utf8)
    }

    @Test("a status carries the run and when; the Last Will the run alone; run IDs are 16 hex digits and differ")
    func statusFields() throws {
        let reading = try #require(FleetStatus.Reading(Self.online(run: "00ab", at: 0)))
        #expect(reading.name == "lobby" && reading.online && reading.run == "00ab" && reading.at == "1970-01-01T00:00:00.000Z")
        #expect(reading.text == "DOORS" && reading.index == 1 && reading.count == 3 && reading.link == "up")
        #expect(FleetStatus.offline(name: "lobby", run: "00ab") == #"{"name":"lobby","online":false,"run":"00ab"}"#)
        #expect(FleetStatus.offline(name: "lobby", run: "00ab", at: 0).hasSuffix(#","at":"1970-01-01T00:00:00.000Z"}"#))
        let ids = (0..<100).map { _ in FleetStatus.makeRunID() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) })
        #expect(FleetStatus.Reading(Array(repeating: UInt8(ascii: " "), count: FleetStatus.Reading.maximumBytes + 1)) == nil)
    }

    @Test("on its own topic: its own status is nothing; a live namesake is said once per run, at most once in 10 s; a Will, a forget or garbage is answered with its own status")
    func nameClash() {
        var clash = NameClash(run: "aaaa")
        var now = 0.0
        func hear(_ payload: [UInt8], retained: Bool = false) -> NameClash.Verdict {
            now += 20
            return clash.hear(payload, retained: retained, now: now)
        }
        #expect(hear(Self.online(run: "aaaa")) == .nothing)
        // What the broker had as the sign subscribed: replaced by its own.
        #expect(hear(Self.online(run: "bbbb"), retained: true) == .nothing)
        #expect(hear(Array(FleetStatus.offline(name: "lobby", run: "old").utf8), retained: true) == .nothing)
        #expect(hear(Self.online(run: "bbbb")) == .namesake(run: "bbbb"))
        #expect(hear(Self.online(run: "bbbb")) == .nothing)
        #expect(hear(Array(#"{"name":"lobby","online":true,"run":"\u001b[2J"}"#.utf8)) == .namesake(run: nil))
        #expect(hear(Array(FleetStatus.offline(name: "lobby", run: "bbbb").utf8)) == .republish)
        #expect(hear([]) == .republish)
        #expect(hear(Array("not json".utf8)) == .republish)
        for run in 0..<40 { _ = hear(Self.online(run: "r\(run)")) }
        #expect(clash.others.count == NameClash.maximumRemembered)
        // A publisher that invents runs: one notice in ten seconds.
        let verdicts = [(1_000.0, "new1"), (1_009, "new2"), (1_010, "new3")].map { now, run in
            clash.hear(Self.online(run: run), retained: false, now: now)
        }
        #expect(verdicts == [.namesake(run: "new1"), .nothing, .namesake(run: "new3")])
    }

    @Test("a command's id is taken out and kept; a refusal keeps it; a bad id is refused; no id is still a command")
    func requestIDs() {
        let parse = { (text: String) in
            FleetPayload.parse(Array(text.utf8), kind: .command(forAll: true), topic: "p/cmd", defaultSeconds: 5)
        }
        #expect(parse(#"{"id":"a1","cmd":"next"}"#) == .success(.command(.remote("next", .next), id: "a1")))
        #expect(parse(#"{"cmd":"next"}"#) == .success(.command(.remote("next", .next), id: nil)))
        #expect(parse(#"{"id":"a1","cmd":"goto","index":0}"#)
                == .failure(FleetPayload.Failure(message: "p/cmd: 'index' must be a whole number from 1", id: "a1")))
        #expect(parse(#"{"id":"a1","cmd":"jump"}"#) == .failure(FleetPayload.Failure(message: "p/cmd: unknown command 'jump'", id: "a1")))
        for bad in [#"{"id":1,"cmd":"next"}"#, #"{"id":"","cmd":"next"}"#, #"{"id":"a b","cmd":"next"}"#,
                    "{\"id\":\"" + String(repeating: "a", count: 65) + "\",\"cmd\":\"next\"}"] {
            guard case .failure(let failure) = parse(bad) else {
                Issue.record("taken: \(bad)")
                continue
            }
            #expect(failure.id == nil && failure.message.contains("'id' must be"), "\(failure.message)")
        }
    }

    @Test("an answer is the control socket's reply with the id")
    func answers() {
        #expect(ControlReply.ok.answer(id: "a1") == #"{"ok":true,"id":"a1"}"#)
        #expect(ControlReply.error("no cue 99").answer(id: "a1") == #"{"ok":false,"error":"no cue 99","id":"a1"}"#)
        #expect(ControlReply.object(#"{"ok":true,"index":0}"#).answer(id: "a1") == #"{"ok":true,"index":0,"id":"a1"}"#)
        #expect(FleetSend.request(#"{"cmd":"next"}"#, id: "a1") == #"{"id":"a1","cmd":"next"}"#)
    }

    static func status(_ name: String, online: Bool) -> (String, [UInt8]) {
        ("p/sign/\(name)/status", Array((online ? FleetStatus.online(name: name, run: "r", status: snapshot)
                                                : FleetStatus.offline(name: name, run: "r")).utf8))
    }

    static func reply(_ name: String, _ json: String) -> (String, [UInt8]) {
        ("p/sign/\(name)/reply", Array(json.utf8))
    }

    @Test("send waits for every sign whose retained status says online; 0 when all said ok")
    func allAnswered() {
        var answers = FleetAnswers(id: "x1", prefix: "p", only: nil)
        for (topic, payload) in [Self.status("b", online: true), Self.status("a", online: true), Self.status("gone", online: false)] {
            let counted = answers.heard(topic: topic, payload: payload, retained: true)
            #expect(counted)
        }
        // A live status is a sign obeying: it does not move the end of the retained ones.
        let counted = answers.heard(topic: Self.status("a", online: true).0, payload: Self.status("a", online: true).1, retained: false)
        #expect(!counted)
        #expect(answers.addressed == ["a", "b"] && !answers.allAnswered)
        for (topic, payload) in [Self.reply("a", #"{"ok":true,"id":"x1"}"#), Self.reply("b", #"{"ok":true,"id":"other"}"#)] {
            answers.heard(topic: topic, payload: payload, retained: false)
        }
        #expect(!answers.allAnswered)
        answers.heard(topic: Self.reply("b", #"{"ok":true,"id":"x1"}"#).0, payload: Self.reply("b", #"{"ok":true,"id":"x1"}"#).1, retained: false)
        #expect(answers.allAnswered)
        let report = answers.report(waited: 5)
        #expect(report.lines == ["a: ok", "b: ok"] && report.status == 0)
    }

    @Test("1 when one refused (its reason, escaped); 3 when one did not answer, named")
    func refusedAndMissing() {
        var answers = FleetAnswers(id: "x1", prefix: "p", only: nil)
        for name in ["a", "b", "c\u{1B}[2J"] {
            answers.heard(topic: "p/sign/\(name)/status", payload: Self.status(name, online: true).1, retained: true)
        }
        answers.heard(topic: "p/sign/a/reply", payload: Array(#"{"ok":false,"error":"no cue 99 \u001b[31m","id":"x1"}"#.utf8),
                      retained: false)
        #expect(answers.report(waited: 5).status == 3)
        #expect(answers.report(waited: 5).lines == [#"a: refused: no cue 99 \e[31m"#, "b: no answer within 5 s",
                                                    #"c\e[2J: no answer within 5 s"#])
        answers.heard(topic: "p/sign/b/reply", payload: Array(#"{"ok":true,"id":"x1"}"#.utf8), retained: false)
        answers.heard(topic: "p/sign/c\u{1B}[2J/reply", payload: Array(#"{"ok":true,"id":"x1"}"#.utf8), retained: false)
        #expect(answers.report(waited: 5).status == 1)
        // Two signs named b: the first answer counts, and the line says so.
        answers.heard(topic: "p/sign/b/reply", payload: Array(#"{"ok":false,"error":"x","id":"x1"}"#.utf8), retained: false)
        #expect(answers.report(waited: 5).lines[1] == "b: ok (another sign of this name answered too: give each its own --name)")
    }

    @Test("a sign from before request IDs (its status has no run) is named as such when it does not answer")
    func olderSign() {
        var answers = FleetAnswers(id: "x1", prefix: "p", only: nil)
        answers.heard(topic: "p/sign/old/status", payload: Array(#"{"name":"old","online":true}"#.utf8), retained: true)
        answers.heard(topic: "p/sign/new/status", payload: Self.status("new", online: true).1, retained: true)
        #expect(answers.older == ["old"])
        #expect(answers.report(waited: 5).lines == ["new: no answer within 5 s",
                                                    "old: no answer within 5 s (an older sign, which refuses a command with an id: upgrade it)"])
    }

    @Test("with --name only that sign counts; at most 1,000 signs are waited for")
    func boundedAndNamed() {
        var one = FleetAnswers(id: "x1", prefix: "p", only: "a")
        one.heard(topic: "p/sign/z/status", payload: Self.status("z", online: true).1, retained: true)
        #expect(one.addressed == ["a"] && one.online["z"] == nil)
        var many = FleetAnswers(id: "x1", prefix: "p", only: nil)
        for index in 0..<1_200 {
            many.heard(topic: "p/sign/s\(index)/status", payload: Self.status("s\(index)", online: true).1, retained: true)
        }
        #expect(many.online.count == FleetAnswers.maximumSigns && many.overflowed)
        #expect(many.report(waited: 1).lines.last == "(more than 1000 signs: only 1000 were waited for)")
    }

    @Test("status for a person: name, online, last seen, showing, link; every cell escaped and cut")
    func table() {
        let long = String(repeating: "W", count: 60)
        var weird = Self.snapshot
        weird.text = long + "\u{1B}[2J"
        let lines = FleetStatusTable.render([
            "lobby": Self.online(run: "r"),
            "door": Array(FleetStatus.offline(name: "door", run: "r", at: 1_796_201_341).utf8),
            "gone": Array(FleetStatus.offline(name: "gone", run: "r").utf8),
            "x\u{1B}]0;pwn\u{7}": Array(FleetStatus.online(name: "x", run: "r", status: weird).utf8),
            "junk": Array("[1]".utf8),
        ])
        #expect(lines == [
            "NAME           ONLINE  LAST SEEN                SHOWING                                   LINK",
            "door           no      2026-12-02 08:49:01 UTC  -                                         -",
            "gone           no      lost                     -                                         -",
            "junk           ?       -                        (not a status)                            -",
            "lobby          yes     now                      2/3 DOORS                                 up",
            #"x\e]0;pwn\x07  yes     now                      2/3 WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW…  up"#,
        ])
    }
}
