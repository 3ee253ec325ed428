import Foundation
import Glibc
import Testing

extension EndToEnd.Timing {
    /// A publisher cannot fill a sign's disk through its events log
    /// (docs/events-log.md, "Repeated records").
    @Suite("Events log flood")
    struct EventsFlood {
        @Test("say and next as fast as the sign answers for 3 s: the log stays at about 100 records a kind a second, every one counted")
        func floodKeepsLogSmall() async throws {
            let sign = try HeadlessSign.start("flood", arguments: ["STEADY"])
            defer { sign.close() }
            try await sign.waitForEvent("the first cue") { $0.name == "cue" }
            let client = try ControlClient(path: sign.socketPath)
            let clock = Stopwatch()
            var says = 0
            var nexts = 0
            var batches = 0
            while clock.elapsed < 3 {
                let lines = (0..<100).map { $0 % 2 == 0 ? #"{"cmd":"say","text":"FLOOD \#(batches)-\#($0)"}"# : #"{"cmd":"next"}"# }
                let replies = try client.exchange(lines)
                says += replies.enumerated().filter { $0.offset % 2 == 0 && $0.element == #"{"ok":true}"# }.count
                nexts += replies.enumerated().filter { $0.offset % 2 == 1 && $0.element == #"{"ok":true}"# }.count
                batches += 1
            }
            let seconds = clock.elapsed
            #expect(says == batches * 50 && nexts == batches * 50, "\(says) say and \(nexts) next done of \(batches * 100)")
            // Ends with quit, which says every count still open.
            kill(sign.pid, SIGTERM)
            _ = try await sign.waitForExit()
            let events = sign.events()
            #expect(events.last?.name == "quit")
            func accounted(_ name: String) -> Int {
                events.filter { $0.name == name }.count
                    + events.filter { $0.name == "suppressed" && $0.string("record") == name }.compactMap { $0.int("count") }.reduce(0, +)
            }
            // Every say is an interrupt record or counted in one.
            #expect(accounted("interrupt") == says, "interrupts accounted \(accounted("interrupt")) of \(says)")
            let size = (try? FileManager.default.attributesOfItem(atPath: sign.eventsPath)[.size] as? Int) ?? -1
            // Per kind (interrupt, interruptEnded, cue) at most 100 a
            // second and one count; the windows open at the first record,
            // so a run of S seconds spans at most S + 1 of them.
            let windows = Int(seconds.rounded(.up)) + 1
            let bound = 3 * windows * 101 + 10
            #expect(events.count <= bound, "\(events.count) records for \(says + nexts) requests in \(seconds) s; bound \(bound)")
            #expect(events.contains { $0.name == "suppressed" && $0.string("record") == "interrupt" },
                    "the flood passed the limit (else this test proves nothing)")
            print("events flood: \(says + nexts) requests in \(String(format: "%.2f", seconds)) s, log \(events.count) records, \(size) bytes")
        }
    }
}
