import Foundation
import Glibc
import Testing

extension EndToEnd.Screens {
    /// `--headless` (docs/headless.md): a sign with no terminal, started as
    /// a plain process with no controlling terminal, reached only through
    /// its events log and control socket.
    @Suite("Headless")
    struct Headless {
        /// Three messages that fit an 80-column sign: each is held at rest
        /// for its seconds, so the automatic advance comes soon.
        static let cues = "ONE\nTWO\nTHREE\n"

        static func send(_ sign: HeadlessSign, _ arguments: [String]) async throws -> CommandResult {
            try await runCommand(try E2E.binaryPath(), ["send", "--control", sign.socketPath] + arguments, timeout: 15)
        }

        @Test("no terminal: start and cue records, status and next on the socket, an automatic advance, SIGTERM ends it with quit; nothing written to stdout or stderr")
        func playsWithoutTerminal() async throws {
            let sign = try HeadlessSign.start("headless", arguments: ["-s", "3"], cues: Self.cues)
            defer { sign.close() }
            let start = try await sign.waitForEvent("start") { $0.name == "start" }
            #expect(start.int("cols") == 80 && start.int("rows") == 24, "the fixed 80x24 panel: \(start)")
            try await sign.waitForEvent("first cue") { $0.name == "cue" && $0.int("index") == 0 }
            #expect(sign.command == "ledmarquee", "setsid exec'd the sign in place")
            let (session, tty) = try sign.sessionAndTerminal()
            #expect(session == sign.pid && tty == 0, "a session of its own, no controlling terminal: \(session) \(tty)")
            let terminals = sign.openFiles().filter { $0.hasPrefix("/dev/tty") || $0.hasPrefix("/dev/pts") || $0 == "/dev/ptmx" }
            #expect(terminals.isEmpty, "no terminal open: \(terminals)")

            let status = try await Self.send(sign, ["status"])
            #expect(status.status == 0, "stderr: \(status.stderr)")
            let reply = try #require(Control.jsonObject(status.stdout.trimmingCharacters(in: .newlines)), "\(status.stdout)")
            #expect(reply["ok"] as? Bool == true && (reply["count"] as? NSNumber)?.intValue == 3, "\(reply)")
            #expect((reply["fps"] as? NSNumber)?.intValue == 0, "nothing is drawn: \(reply)")

            let next = try await Self.send(sign, ["next"])
            #expect(next.status == 0 && next.stdout.isEmpty, "\(next.status) \(next.stderr)")
            // The first manual cue is the start's; the second is `next`'s
            // (an automatic advance may have come first on a slow machine).
            let moved = try await waitFor("the cue of next", timeout: 10, context: sign.diagnostics) { () -> Event? in
                let manual = sign.events().filter(\.isManualCue)
                return manual.count >= 2 ? manual[1] : nil
            }
            let automatic = try await sign.waitForEvent("an automatic advance after next", timeout: 10) {
                $0.isAutomaticCue && $0.t > moved.t
            }
            #expect(automatic.int("index") == ((moved.int("index") ?? -1) + 1) % 3, "the next message: \(moved) → \(automatic)")
            #expect(automatic.t - moved.t >= 2.9, "held its 3 s: \(moved.t) → \(automatic.t)")

            kill(sign.pid, SIGTERM)
            let exit = try await sign.waitForExit()
            #expect(exit == 128 + SIGTERM && sign.diedOf == SIGTERM, "dies of SIGTERM (docs/command-line.md): \(exit)")
            #expect(sign.events().last?.name == "quit", "\(sign.diagnostics())")
            #expect(!FileManager.default.fileExists(atPath: sign.socketPath), "the socket is removed")
            #expect(sign.contents(sign.stdoutPath).isEmpty, "nothing on standard output, no escape sequence")
            #expect(sign.contents(sign.stderrPath).isEmpty, "nothing on standard error: \(sign.diagnostics())")
        }

        @Test("standard streams closed, no control socket: the events log alone; SIGINT ends it with quit")
        func closedStreams() async throws {
            let sign = try HeadlessSign.start("headless-closed", arguments: ["--no-control", "-s", "2", "ONE", "TWO"],
                                              control: false, closedStandardStreams: true)
            defer { sign.close() }
            try await sign.waitForEvent("first cue") { $0.name == "cue" }
            #expect(try sign.sessionAndTerminal().tty == 0)
            kill(sign.pid, SIGINT)
            let exit = try await sign.waitForExit()
            #expect(exit == 128 + SIGINT && sign.diedOf == SIGINT, "\(exit)")
            #expect(sign.events().last?.name == "quit", "\(sign.diagnostics())")
        }

        @Test("--headless with --no-control and no --events, --snapshot or --tty: one line and the hint, exit 2", arguments: [
            ["--headless", "--no-control", "HI"], ["--headless", "--snapshot", "HI"], ["--headless", "--tty", "/dev/tty1", "HI"],
        ])
        func usageErrors(arguments: [String]) async throws {
            let result = try await runCommand(try E2E.binaryPath(), arguments)
            #expect(result.status == 2 && result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 2 && lines.first?.contains("--headless") == true, "\(lines)")
        }
    }
}
