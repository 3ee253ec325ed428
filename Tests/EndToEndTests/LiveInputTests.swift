import Foundation
import Testing

extension EndToEnd.Flows {
    /// `-f -` read as it comes and `--follow FILE` (docs/cue-flow.md, "Live input").
    @Suite("Live input")
    struct LiveInput {
        /// Appends or writes to a file with the shell, as a person would.
        static func shell(_ command: String, in directory: URL) async throws {
            let result = try await runCommand("/bin/sh", ["-c", "cd \(E2E.shellQuote(directory.path)) && \(command)"])
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }

        @Test("-f -: the sign starts with the first line, a later line joins the flow, and the end of input keeps it playing")
        func linesJoin() async throws {
            let session = try await Session.start(
                "live", Launch(arguments: ["-s", "20", "--scale", "2", "-f", "-"], stdinCommand: "(echo ONE; sleep 1.5; echo TWO)"))
            defer { session.close() }
            let first = try await session.waitForEvent("first cue") { $0.name == "cue" }
            #expect(first.string("text") == "ONE")
            #expect(first.int("count") == 1, "started before the input ended")
            try await session.waitForLitLEDs(minimum: 5)
            let reload = try await session.waitForEvent("TWO joins", timeout: 5) { $0.name == "add" && $0.int("count") == 2 }
            #expect(reload.t >= first.t + 1, "joined when it came, not at the start")
            // The message stays; a single message becoming a flow starts it
            // again from a flow's entry position, which a `cue` record says.
            #expect(session.events("cue").allSatisfy { $0.string("text") == "ONE" && $0.int("index") == 0 },
                    "the current message stays: \(session.events("cue"))")
            try await session.waitForText("1/2")
            // The writer is gone by now: the sign plays on and still takes keys.
            try await pause(0.5)
            try await session.send("n")
            let second = try await session.waitForEvent("cue from n") { $0.name == "cue" && $0.int("index") == 1 }
            #expect(second.string("text") == "TWO")
            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
            try await session.expectTerminalRestored()
        }

        @Test("-f -: an input that ends with no message is the cue file's error, and the sign never took the terminal")
        func noMessages() async throws {
            let session = try await Session.start(
                "nolines", Launch(arguments: ["-f", "-"], stdinCommand: "(sleep 0.5; printf '# only a comment\\n\\n')", stderrToFile: true))
            defer { session.close() }
            #expect(try await session.waitForExit(timeout: 10) == 1)
            let stderr = try String(contentsOf: session.directory.appendingPathComponent("stderr"), encoding: .utf8)
            #expect(stderr == "ledmarquee: standard input: no messages (every line is blank or a # comment)\n")
            #expect(session.events("start").isEmpty, "the sign never started")
        }

        @Test("--latest: each new line replaces the sign at once")
        func latest() async throws {
            let session = try await Session.start(
                "latest", Launch(arguments: ["--latest", "-f", "-"], stdinCommand: "(echo OLD; sleep 1; printf 'SKIPPED\\nNEW\\n')"))
            defer { session.close() }
            let cue = try await session.waitForEvent("NEW shown", timeout: 6) { $0.name == "cue" && $0.string("text") == "NEW" }
            #expect(cue.int("count") == 1)
            #expect(!session.events("cue").contains { $0.string("text") == "SKIPPED" }, "only the newest line of a read")
            #expect(session.events("reload").allSatisfy { $0.int("count") == 1 })
        }

        @Test("a 1 MB line on standard input is cut with a note, and the next line still comes")
        func hugeLine() async throws {
            let session = try await Session.start(
                "hugeline", Launch(arguments: ["-f", "-"], stdinCommand: "(head -c 1048576 /dev/zero | tr '\\000' x; echo; echo SHORT)"))
            defer { session.close() }
            let note = try await session.waitForEvent("cut note") { $0.name == "error" }
            #expect(note.string("message") == "standard input:1: line cut to 65536 bytes")
            // In the same read as the end of the long line, or a later one.
            try await session.waitForEvent("SHORT joins") { ["cue", "add"].contains($0.name) && $0.int("count") == 2 }
            let cut = try #require(session.events("cue").first?.string("text"))
            #expect(cut.hasPrefix("xxxxxxxx") && cut.allSatisfy { $0 == "x" || $0 == "…" }, "\(cut.prefix(20))")
            try await session.waitForLitLEDs(minimum: 5)
        }

        /// What `--format auto` makes of a pipe that never closes (`tail -f`):
        /// the input, the first cue it must show, how it read it, and the
        /// most it may take. The writer holds the pipe open until the test
        /// is done (the file `done` in the session's folder): the pane's
        /// shell waits for both ends of its pipeline to record the status.
        enum UndecidedInput: String, CaseIterable, CustomTestStringConvertible {
            case logLine = "a log line starting with ["
            case deck = "a one-line deck"
            case stalled = "a [ that stalls"
            var feeder: String {
                switch self {
                case .logLine: "(printf '[12:00:01] checkout ok\\n[INFO] tests pass\\n'; \(Self.holdOpen))"
                case .deck: "(printf '[\"DECK A\", {\"text\": \"DECK B\"}]\\n'; \(Self.holdOpen))"
                case .stalled: "(printf '[\"STALL\",\\n'; \(Self.holdOpen))"
                }
            }
            var firstText: String {
                switch self {
                case .logLine: "[12:00:01] checkout ok"
                case .deck: "DECK A"
                case .stalled: "[\"STALL\","
                }
            }
            static let holdOpen = "while [ ! -e done ]; do sleep 0.1; done"
            var format: String { self == .deck ? "deck" : "lines" }
            /// The silence that decides a stalled `[` is 1 s.
            var within: Double { self == .stalled ? 3 : 1.5 }
            var testDescription: String { rawValue }
        }

        @Test("--format auto never waits for the end of a pipe that stays open: it chooses from what came, and logs it",
              arguments: UndecidedInput.allCases)
        func autoNeverWaits(input: UndecidedInput) async throws {
            let session = try await Session.start("auto-\(input.format)", Launch(arguments: ["-s", "20", "-f", "-"], stdinCommand: input.feeder))
            let done = session.directory.appendingPathComponent("done").path
            defer {
                _ = FileManager.default.createFile(atPath: done, contents: nil)
                session.close()
            }
            let cue = try await session.waitForEvent("the first cue", timeout: input.within + 5) { $0.name == "cue" }
            #expect(cue.string("text") == input.firstText)
            #expect(cue.t <= input.within, "shown \(cue.t) s after the start")
            let format = try await session.waitForEvent("the format record") { $0.name == "format" }
            #expect(format.string("format") == input.format && format.string("source") == "standard input", "\(format)")
            #expect(!(format.string("reason") ?? "").isEmpty)
            // Both log lines came in one read: the flow starts with both.
            #expect(cue.int("count") == (input == .logLine || input == .deck ? 2 : 1), "\(cue)")
            try await session.waitForLitLEDs(minimum: 5)
            try await session.send("q")
            _ = FileManager.default.createFile(atPath: done, contents: nil)
            #expect(try await session.waitForExit(timeout: 5) == 0)
            try await session.expectTerminalRestored()
        }

        @Test("keys are answered at once while lines stream in")
        func keysWhileStreaming() async throws {
            let feeder = "i=0; while [ $i -lt 150 ]; do echo line$i; i=$((i+1)); sleep 0.02; done"
            let session = try await Session.start("stream", Launch(arguments: ["-s", "20", "-f", "-"], stdinCommand: feeder))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            try await session.waitForEvent("lines joining") { $0.name == "add" }
            for _ in 0..<3 {
                let before = session.events("cue").count
                try await session.send("n")
                try await session.waitForEvent("cue from n", timeout: 1, after: 0) { _ in session.events("cue").count > before }
            }
            let adds = session.events("add").count
            #expect(adds >= 1 && adds <= 150, "one add per read, not per line: \(adds)")
            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
        }

        @Test("--follow: an appended line joins, a truncated file starts the flow over, a new file under the name replaces it")
        func follow() async throws {
            let session = try await Session.start(
                "follow", Launch(arguments: ["-s", "20", "--follow", "log.txt"], prepare: { directory in
                    try writeFile("FIRST\n", to: directory.appendingPathComponent("log.txt"))
                }))
            defer { session.close() }
            let first = try await session.waitForEvent("first cue") { $0.name == "cue" }
            #expect(first.string("text") == "FIRST" && first.int("count") == 1)
            try await Self.shell("echo SECOND >> log.txt", in: session.directory)
            try await session.waitForEvent("SECOND joins") { $0.name == "add" && $0.int("count") == 2 }
            try await Self.shell("printf 'RESTART\\n' > log.txt", in: session.directory)
            let restart = try await session.waitForEvent("truncated") { $0.name == "cue" && $0.string("text") == "RESTART" }
            #expect(restart.int("count") == 1)
            try await Self.shell("echo ROTATED > new.txt && mv new.txt log.txt", in: session.directory)
            let rotated = try await session.waitForEvent("replaced") { $0.name == "cue" && $0.string("text") == "ROTATED" }
            #expect(rotated.int("count") == 1)
            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
        }

        @Test("a stopped sign following an idle file, or whose standard input ended, does not wake to look", arguments: ["follow", "stdin"])
        func idleDoesNotWake(source: String) async throws {
            let arguments = source == "follow" ? ["--follow", "log.txt"] : ["-f", "-"]
            let session = try await Session.start(
                "idle-\(source)", Launch(arguments: ["--low-power", "on"] + arguments, stdinCommand: source == "stdin" ? "echo IDLE" : nil,
                                         prepare: { try writeFile("IDLE\n", to: $0.appendingPathComponent("log.txt")) }))
            defer { session.close() }
            try await session.waitForEvent("policy with fps 0") { $0.name == "policy" && $0.int("fps") == 0 }
            try await session.expectFrozen()
            let pid = try await session.programPID()
            let before = try Power.wakeUps(pid)
            let window = 6.0
            try await pause(window)
            let after = try Power.wakeUps(pid)
            let woken = after.total - before.total
            // The probe's reading every 2 s is all that should wake it.
            #expect(Double(woken) / window < 1.0, "\(woken) wake-ups in \(window) s; per thread: \(after.perThread)")
        }
    }
}
