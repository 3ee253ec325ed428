import Foundation
import Testing

extension EndToEnd.Timing {
    /// `--sync` between two real processes (docs/cue-flow.md, "Playing in
    /// step"): their `cue` records' wall times, each record's `t` plus the
    /// `offset` of the sign's `sync` record (docs/events-log.md), agree.
    @Suite("Playing in step")
    struct Sync {
        /// Two held messages of 2 s from an epoch a little in the past, written
        /// as an RFC 3339 UTC time: slots change on every even second after it.
        static func writeDeck(epoch: Date) -> (URL) throws -> Void {
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            let text = #"{"epoch": "\#(formatter.string(from: epoch))", "deck": [{"text": "ONE", "seconds": 2}, {"text": "TWO", "seconds": 2}]}"#
            return { directory in try writeFile(text, to: directory.appendingPathComponent("deck.json")) }
        }

        /// The wall time and index of each automatic `cue` record of `session`.
        static func changes(_ session: Session) throws -> [(wall: Double, index: Int)] {
            let sync = try #require(session.events("sync").first, "a synced sign logs its wall offset")
            let offset = try #require((sync.object["offset"] as? NSNumber)?.doubleValue)
            return session.events().filter(\.isAutomaticCue).map { ($0.t + offset, $0.int("index") ?? -1) }
        }

        @Test("two signs started 1.3 s apart change messages within 100 ms of each other, on the slot boundaries")
        func twoSignsInStep() async throws {
            let epoch = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 60).rounded(.down))
            let launch = Launch(arguments: ["--sync", "--scale", "2", "-f", "deck.json"], prepare: Self.writeDeck(epoch: epoch))
            let first = try await Session.start("sync-a", launch)
            defer { first.close() }
            try await first.waitForEvent("first sign's first cue") { $0.name == "cue" }
            try await pause(1.3)
            let second = try await Session.start("sync-b", launch)
            defer { second.close() }
            try await second.waitForEvent("three changes on the second sign", timeout: 12) { _ in
                second.events().filter(\.isAutomaticCue).count >= 3
            }
            let a = try Self.changes(first)
            let b = try Self.changes(second)
            for change in b.prefix(3) {
                let match = a.min { abs($0.wall - change.wall) < abs($1.wall - change.wall) }
                let gap = match.map { abs($0.wall - change.wall) } ?? .infinity
                #expect(gap < 0.1, "the second sign changed at \(change.wall) with no change of the first within 100 ms: \(a)")
                #expect(match?.index == change.index, "both show the same message")
                // On a boundary: an even number of seconds after the epoch.
                let sinceEpoch = change.wall - epoch.timeIntervalSince1970
                let fromBoundary = sinceEpoch - (sinceEpoch / 2).rounded() * 2
                #expect(fromBoundary >= -0.005 && fromBoundary < 0.1, "\(sinceEpoch) s after the epoch")
            }
        }

        /// The letters a small `--snapshot` prints: below 6 rows a message
        /// is plain text, which a test can read.
        static func snapshotText(_ arguments: [String], environment: [String: String]) async throws -> String {
            let result = try await runCommand(Schedules.library, ["2026-12-02 10:00:02", try E2E.binaryPath(), "--snapshot",
                                                                  "--cols", "20", "--rows", "3"] + arguments,
                                              environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.filter { !$0.isWhitespace }
        }

        @Test("--snapshot --sync shows the slot's message at --at, counted from the wall clock now",
              .enabled(if: FileManager.default.fileExists(atPath: Schedules.library), "needs faketime (scripts/install-deps.sh)"))
        func snapshotSlots() async throws {
            let directory = try E2E.makeTemporaryDirectory("sync-snapshot")
            defer { try? FileManager.default.removeItem(at: directory) }
            let deck = directory.appendingPathComponent("deck.json").path
            try writeFile(#"{"epoch": 0, "deck": [{"text": "A", "seconds": 2}, {"text": "B", "seconds": 2}, {"text": "C", "seconds": 2}]}"#,
                          to: URL(fileURLWithPath: deck))
            // Started by faketime at 10:00:02 UTC, 2 s into a 6 s cycle from
            // the Unix epoch (1,796,205,602 s): B's slot until 2 s after the
            // start, C's to 4 s, A's to 6 s, B's to 8 s. Each --at is 1 s off
            // a boundary, which the start-up (a few ms) cannot cross.
            var environment = E2E.childEnvironment()
            environment.merge(Schedules.environment) { $1 }
            var shown: [String] = []
            for at in ["1", "3", "7"] {
                shown.append(try await Self.snapshotText(["-f", deck, "--sync", "--at", at], environment: environment))
            }
            #expect(shown == ["B", "C", "B"])
            // Alone, the flow starts from A.
            let alone = try await Self.snapshotText(["-f", deck, "--at", "1"], environment: environment)
            #expect(alone == "A")
        }
    }
}
