import Foundation
import Testing

extension EndToEnd.Screens {
    /// A sign is for reading: at rest the whole message, and a scrolling
    /// message is shown whole before the flow replaces it.
    @Suite("Readability")
    struct Readability {
        /// The lit LEDs of `--snapshot` (monochrome: `●` lit, `·` unlit) at
        /// the same size, as cells of the pane.
        static func snapshotLEDs(_ arguments: [String], columns: Int, rows: Int) async throws -> Set<Spot> {
            let result = try await runCommand(try E2E.binaryPath(),
                                              ["--snapshot", "--cols", "\(columns)", "--rows", "\(rows)"] + arguments)
            #expect(result.status == 0, "snapshot failed: \(result.stderr)")
            var spots = Set<Spot>()
            for (row, line) in result.stdout.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for (column, character) in line.enumerated() where character == "●" { spots.insert(Spot(row: row, column: column)) }
            }
            return spots
        }

        /// Ink width in LEDs of `message` drawn at scale 1 on one line.
        static func inkWidth(_ message: String) async throws -> Int {
            let lit = try await snapshotLEDs(["--static", "--scale", "1", message], columns: 4000, rows: 12)
            let columns = lit.map(\.column)
            let first = try #require(columns.min())
            let last = try #require(columns.max())
            return (last - first) / 2 + 1
        }

        @Test("--static shows the whole message, wrapped and centred, at 80x24 and 200x50",
              arguments: [(80, 24), (200, 50)])
        func staticWhole(columns: Int, rows: Int) async throws {
            let session = try await Session.start(
                "static\(columns)", Launch(arguments: ["--static", "BUILD OK"], columns: columns, rows: rows))
            defer { session.close() }
            let expected = try await Self.snapshotLEDs(["--static", "BUILD OK"], columns: columns, rows: rows)
            #expect(expected.count > 60, "BUILD OK lights more than 60 LEDs: \(expected.count)")
            let screen = try await waitFor("the whole message", timeout: 10, context: session.diagnostics) {
                () async throws -> Screen? in
                let screen = try await session.capture()
                return screen.litLEDs(panelRows: session.panelRows) == expected ? screen : nil
            }
            // A dark LED of margin all round: nothing lit on the outer ring.
            let lit = screen.litLEDs(panelRows: session.panelRows)
            #expect(lit.allSatisfy { $0.row > 0 && $0.row < session.panelRows - 1 && $0.column > 1 && $0.column < columns - 2 })
            #expect(Set(lit.map(\.row)).count >= 14, "two lines of text: \(Set(lit.map(\.row)).sorted())")
        }

        @Test("a flow holds a long message until its last letter has come into view, then for its seconds")
        func flowHoldsLongMessage() async throws {
            let long = "WELCOME TO OUR SHOP - OPEN DAILY"
            // 10 characters a second at scale 1: 55 LEDs a second.
            let speed = 10.0
            let session = try await Session.start(
                "holdlong",
                Launch(arguments: ["-s", "2", "--scale", "1", "--speed", "\(Int(speed))", "-f", "flow.txt"]) { directory in
                    try writeFile("\(long)\nOK\n", to: directory.appendingPathComponent("flow.txt"))
                })
            defer { session.close() }
            let width = try await Self.inkWidth(long)
            // The 100-column pane is 50 LEDs wide: the text enters in view
            // at its start and must scroll (width - 50) LEDs to show its end.
            let pass = Double(width - 50) / (speed * 5.5)
            #expect(pass > 1.5, "the message is much wider than the sign: \(width) LEDs")
            let first = try await session.waitForEvent("first cue") { $0.name == "cue" }
            let next = try await session.waitForEvent("automatic cue", timeout: pass + 8) { $0.isAutomaticCue }
            let gap = next.t - first.t
            #expect(gap >= pass + 2 - 0.05 && gap <= pass + 2 + 0.3,
                    "shown for \(String(format: "%.2f", gap)) s: a pass of \(String(format: "%.2f", pass)) s, then 2 s")
            #expect(next.string("text") == "OK")
            // OK fits: held at rest, whole, for exactly its 2 s.
            let after = try await session.waitForEvent("the cue after OK", timeout: 6) { $0.isAutomaticCue && $0.t > next.t }
            CueFlow.expectFullWait(from: next, to: after)
        }

        @Test("--once with one message completes after one pass across the sign, then shows it whole")
        func onceSingleCompletes() async throws {
            let message = "ONE PASS"
            let speed = 8.0   // 44 LEDs a second at scale 1
            let session = try await Session.start(
                "oncesingle", Launch(arguments: ["--once", "--scale", "1", "--speed", "\(Int(speed))", message]))
            defer { session.close() }
            let width = try await Self.inkWidth(message)
            let start = try await session.waitForEvent("first cue") { $0.name == "cue" }
            let completed = try await session.waitForEvent("completed", timeout: 12) { $0.name == "completed" }
            // Enters at the right edge, crosses 50 LEDs and its own width.
            let pass = Double(width + 50) / (speed * 5.5)
            let took = completed.t - start.t
            #expect(took >= pass - 0.05 && took <= pass + 0.3, "completed after \(took) s; the pass takes \(pass) s")
            let expected = try await Self.snapshotLEDs(["--static", "--scale", "1", message], columns: 100, rows: 30)
            try await waitFor("the message at rest", timeout: 5, context: session.diagnostics) { () async throws -> Bool? in
                try await session.capture().litLEDs(panelRows: session.panelRows) == expected ? true : nil
            }
        }

        @Test("a policy stop shows the message whole; the scroll resumes exactly where it stood")
        func stopShowsWholeAndResumesInPlace() async throws {
            let session = try await Session.start(
                "restresume", Launch(arguments: ["--idle-timeout", "30", "--speed", "1.5", LEDSign.longMessage]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 30, leftOf: 60)
            try await session.send("Space")
            try await session.waitForEvent("pause") { $0.name == "pause" && $0.bool("paused") == true }
            let paused = try await session.expectFrozen()

            try await session.send("b")  // simulated low power: motion stops, the sign rests
            try await session.waitForEvent("low power policy") { $0.name == "policy" && $0.int("fps") == 0 }
            let rest = try await waitFor("the rest frame", timeout: 5, context: session.diagnostics) { () async throws -> Screen? in
                let screen = try await session.capture()
                return screen.top(session.panelRows) != paused.top(session.panelRows) ? screen : nil
            }
            // Too long to stand whole on this pane: paged in LEDs, the first
            // page held while paused (never plain text).
            #expect(!rest.contains("SCROLLING LED") && rest.contains(" 1/"), "the first page at rest:\n\(rest.text)")
            #expect(rest.litLEDs(panelRows: session.panelRows).count >= 30, "LEDs at rest:\n\(rest.text)")

            try await session.send("b")  // low power off: still paused, the same frame as before
            try await session.waitForEvent("policy fps 60") { $0.name == "policy" && $0.int("fps") == 60 }
            try await waitFor("the paused frame again", timeout: 5, context: session.diagnostics) { () async throws -> Bool? in
                try await session.capture().top(session.panelRows) == paused.top(session.panelRows) ? true : nil
            }
            let clock = Stopwatch()
            try await session.send("Space")
            try await session.expectResumedFromSamePlace(paused, rate: 16, since: clock)
        }
    }
}
