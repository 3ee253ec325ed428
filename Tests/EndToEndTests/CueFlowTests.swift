import Foundation
import Testing

extension EndToEnd.Timing {
    @Suite("Cue flow")
    struct CueFlow {
        /// Messages that fit the 100x30 sign at `--scale 2`, so each is held
        /// at rest for exactly its seconds: these tests time the waits.
        static let cueFile = """
            # a sign for the e2e tests
            ONE

            TWO
            # skipped
            SIX

            """
        static let texts = ["ONE", "TWO", "SIX"]
        /// A flow of messages that are held whole: `-f cues.txt` at LED scale 2.
        static let heldFlow = ["--scale", "2", "-f", "cues.txt"]

        static func writeCues(_ directory: URL) throws {
            try writeFile(cueFile, to: directory.appendingPathComponent("cues.txt"))
        }

        /// A wait may run late on a busy machine, never early: an automatic cue
        /// comes at least `seconds` after the cue before it (the log rounds
        /// `t` to milliseconds, hence the 5 ms) and at most `late` after.
        static func expectFullWait(
            from earlier: Event, to later: Event, seconds: Double = 2, late: Double = 0.1,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let gap = later.t - earlier.t
            #expect(gap >= seconds - 0.005 && gap <= seconds + late,
                    "\(later.name) \(later.int("index").map(String.init) ?? "") came \(String(format: "%.3f", gap)) s after \(earlier)",
                    sourceLocation: sourceLocation)
        }

        @Test("-s 2 advances every 2 s through a 3-line file and loops")
        func automaticAdvance() async throws {
            let session = try await Session.start(
                "advance", Launch(arguments: ["-s", "2"] + Self.heldFlow, prepare: Self.writeCues))
            defer { session.close() }
            try await session.waitForEvent("four cues", timeout: 12) { _ in session.events("cue").count >= 4 }
            let cues = Array(session.events("cue").prefix(4))

            #expect(cues.map { $0.int("index") } == [0, 1, 2, 0], "plays in order and wraps: \(cues)")
            #expect(cues.map { $0.string("text") } == Self.texts + [Self.texts[0]], "blank and # lines skipped")
            #expect(cues.allSatisfy { $0.int("count") == 3 })
            #expect(cues.map { $0.bool("automatic") } == [false, true, true, true])
            // The first message gets its full time too, however long start-up took.
            Self.expectFullWait(from: cues[0], to: cues[1])
            Self.expectFullWait(from: cues[1], to: cues[2])
            Self.expectFullWait(from: cues[2], to: cues[3])
        }

        @Test("n moves on at once and the next automatic cue comes a full -s after it")
        func manualNextRestartsTheWait() async throws {
            let session = try await Session.start(
                "next", Launch(arguments: ["-s", "2"] + Self.heldFlow, prepare: Self.writeCues))
            defer { session.close() }
            let first = try await session.waitForEvent("first cue") { $0.name == "cue" }
            // Press n about halfway through the first 2 s wait.
            try await session.waitForLitLEDs(minimum: 5)
            try await pause(max(0, 1.0 - session.secondsSinceStart()))
            try await session.send("n")
            let key = try await session.waitForEvent("key n") { $0.name == "key" && $0.string("name") == "n" }
            let manual = try await session.waitForEvent("manual cue") { $0.isManualCue && $0.t >= key.t }
            #expect(manual.t - key.t <= 0.05, "the manual cue follows the key at once")
            #expect(manual.int("index") == 1)
            let automatic = try await session.waitForEvent("automatic cue after n", timeout: 6) {
                $0.isAutomaticCue && $0.t > manual.t
            }
            let beforeKey = session.events().filter { $0.isAutomaticCue && $0.t <= key.t }
            try #require(beforeKey.isEmpty, "n was pressed \(key.t - first.t) s in, after the first automatic advance: retry on a quieter machine")
            #expect(automatic.int("index") == 2)
            // The wait restarts from the manual move.
            Self.expectFullWait(from: manual, to: automatic)
        }

        @Test("space stops the automatic advance; resuming starts a full new wait")
        func pauseStopsAdvance() async throws {
            let session = try await Session.start(
                "pauseadvance", Launch(arguments: ["-s", "2", "--speed", "1.1"] + Self.heldFlow, prepare: Self.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            try await session.waitForLitLEDs(minimum: 5)
            try await session.send("Space")
            let paused = try await session.waitForEvent("pause") { $0.name == "pause" && $0.bool("paused") == true }
            try #require(!session.events().contains { $0.isAutomaticCue && $0.t < paused.t },
                         "paused after the first automatic advance: retry on a quieter machine")
            try await pause(2.5)
            #expect(!session.events().contains { $0.isAutomaticCue }, "no automatic cue while paused")

            try await session.send("Space")
            let resumed = try await session.waitForEvent("resume") { $0.name == "pause" && $0.bool("paused") == false }
            let cue = try await session.waitForEvent("automatic cue", timeout: 6) { $0.isAutomaticCue }
            #expect(cue.int("index") == 1)
            Self.expectFullWait(from: resumed, to: cue)
        }

        @Test("a fair thermal state lowers the frame rate but keeps advancing")
        func fairKeepsAdvancing() async throws {
            let session = try await Session.start(
                "fair", Launch(arguments: ["-s", "2", "--speed", "1.1"] + Self.heldFlow, prepare: Self.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            try await session.waitForLitLEDs(minimum: 5)
            try await session.send("t")  // nominal
            try await session.send("t")  // fair
            let fair = try await session.waitForEvent("fair policy") { $0.name == "policy" && $0.string("thermal") == "fair" }
            #expect(fair.int("fps") == 30)
            #expect(fair.bool("effects") == false)
            let cue = try await session.waitForEvent("automatic cue while fair", timeout: 5) { $0.isAutomaticCue && $0.t > fair.t }
            #expect(cue.t - fair.t <= 2.1, "the advance goes on at fair: \(cue)")
        }

        @Test("a fair thermal state keeps a scrolling message moving at 30 fps")
        func fairKeepsMoving() async throws {
            let session = try await Session.start(
                "fairmove", Launch(arguments: ["--speed", "1.5", LEDSign.longMessage]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 20)
            try await session.send("t")  // nominal
            try await session.send("t")  // fair
            let fair = try await session.waitForEvent("fair policy") { $0.name == "policy" && $0.string("thermal") == "fair" }
            #expect(fair.int("fps") == 30)
            try await session.waitForMovement("the LEDs to keep moving at 30 fps") { $0.left >= 2 }
        }

        @Test("arrows, l, h and p move between messages; p at the first wraps when looping")
        func navigationKeys() async throws {
            let session = try await Session.start(
                "nav", Launch(arguments: ["-s", "20", "-f", "cues.txt"], prepare: Self.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            let steps: [(key: String, index: Int)] = [("Right", 1), ("l", 2), ("Left", 1), ("h", 0), ("p", 2), ("n", 0)]
            for (number, step) in steps.enumerated() {
                try await session.send(step.key)
                try await session.waitForEvent("cue after \(step.key)") { _ in session.events("cue").count >= number + 2 }
                let latest = try #require(session.events("cue").last)
                #expect(latest.int("index") == step.index, "\(step.key) → \(latest)")
                #expect(latest.bool("automatic") == false)
            }
        }

        @Test("the countdown bar empties over the wait, freezes while motion is stopped, refills on the next cue")
        func countdownBar() async throws {
            let session = try await Session.start(
                "countdown",
                Launch(arguments: ["--idle-timeout", "30", "-s", "3", "--speed", "1.1"] + Self.heldFlow, prepare: Self.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            try await session.send("x")  // any key shows the bottom rows
            let barRow = 28
            let start = try await waitFor("the countdown bar", timeout: 5, context: session.diagnostics) {
                () async throws -> Double? in
                let bar = try await session.capture().barLength(row: barRow)
                return bar > 0 ? bar : nil
            }
            #expect(start <= 100)
            try await waitFor("the bar to shrink", timeout: 3, context: session.diagnostics) { () async throws -> Bool? in
                try await session.capture().barLength(row: barRow) < start - 5 ? true : nil
            }

            let seen = session.events().count
            try await session.send("m")
            try await session.waitForEvent("reduce motion", after: seen) { $0.name == "policy" && $0.int("fps") == 0 }
            let frozen = try await session.expectFrozen()
            try await pause(0.4)
            let frozenBar = frozen.barLength(row: barRow)
            let laterBar = try await session.capture().barLength(row: barRow)
            #expect(frozenBar == laterBar, "the bar does not move while stopped")
            #expect(frozenBar > 0 && frozenBar < start)

            try await session.send("m")
            let resumed = try await session.waitForEvent("motion again", after: seen) {
                $0.name == "policy" && $0.int("fps") == 60
            }
            let cue = try await session.waitForEvent("automatic cue", timeout: 6) { $0.isAutomaticCue && $0.t > resumed.t }
            Self.expectFullWait(from: resumed, to: cue, seconds: 3, late: 0.15)
            // The cue is logged before its frame reaches the terminal: the
            // bar must be seen full within a moment of it (3 s empty it, so
            // 80 % is seen only in the wait's first 0.6 s).
            let refilled = try await waitFor("the bar to refill", timeout: 0.5, context: session.diagnostics) {
                () async throws -> Double? in
                let bar = try await session.capture().barLength(row: barRow)
                return bar > 80 ? bar : nil
            }
            #expect(refilled > 80, "full again at the start of the next wait: \(refilled)")
        }

        @Test("--once stops on the last message: completed and pause after its wait")
        func onceCompletes() async throws {
            let twoLines = "ON\nAIR\n"
            let session = try await Session.start(
                "once",
                Launch(arguments: ["--once", "-s", "2", "--scale", "2", "-f", "two.txt"]) { directory in
                    try writeFile(twoLines, to: directory.appendingPathComponent("two.txt"))
                })
            defer { session.close() }
            let completed = try await session.waitForEvent("completed", timeout: 10) { $0.name == "completed" }
            let cues = session.events("cue")
            #expect(cues.map { $0.int("index") } == [0, 1])
            let last = try #require(cues.last)
            Self.expectFullWait(from: last, to: completed)
            let paused = try await session.waitForEvent("pause completed") { $0.name == "pause" }
            #expect(paused.bool("paused") == true)
            #expect(paused.string("reason") == "completed")

            // It stays on the last message, and n there does nothing.
            try await session.send("n")
            try await session.waitForEvent("key n") { $0.name == "key" && $0.string("name") == "n" }
            try await pause(0.5)
            #expect(session.events("cue").count == 2, "no cue after completion")
            #expect(session.exitStatus == nil, "still showing the last message")
            try await session.send("q")
            let status = try await session.waitForExit(timeout: 5)
            #expect(status == 0)
        }

        @Test("a changed cue file is re-read while playing")
        func reload() async throws {
            let session = try await Session.start(
                "reload", Launch(arguments: ["-s", "20", "-f", "cues.txt"], prepare: Self.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            try writeFile("ONE\nTWO\nTHREE\nFOUR\n", to: session.directory.appendingPathComponent("cues.txt"))
            // Checked every 2 s at the full tier.
            let reload = try await session.waitForEvent("reload", timeout: 6) { $0.name == "reload" }
            #expect(reload.int("count") == 4)
            try await session.send("n")
            let cue = try await session.waitForEvent("cue after n") { $0.name == "cue" && $0.t > reload.t }
            #expect(cue.int("count") == 4)
            #expect(["ONE", "TWO", "THREE", "FOUR"].contains(cue.string("text") ?? ""), "\(cue)")
        }

        @Test("-f - reads the cues from stdin while keys still come from the terminal")
        func cuesFromStdin() async throws {
            let session = try await Session.start(
                "stdin", Launch(arguments: ["-s", "20", "-f", "-"], stdinCommand: "printf 'A\\nB\\n'"))
            defer { session.close() }
            let first = try await session.waitForEvent("first cue") { $0.name == "cue" }
            #expect(first.string("text") == "A")
            #expect(first.int("count") == 2)
            try await session.waitForLitLEDs(minimum: 5)

            try await session.send("n")
            let second = try await session.waitForEvent("cue from n") { $0.name == "cue" && $0.int("index") == 1 }
            #expect(second.string("text") == "B")
            try await session.send("q")
            let status = try await session.waitForExit(timeout: 5)
            #expect(status == 0)
            let stty = try #require(session.sttyAfter)
            #expect(stty.isSane)
        }
    }
}
