import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
    /// The control socket and `ledmarquee send` against the real binary
    /// (docs/control.md): each sign has a runtime directory of its own
    /// (`Session.runtimeDirectory`), so no test reaches a real sign.
    @Suite("Control socket")
    struct Control {
        static func send(_ arguments: [String], runtime: URL? = nil) async throws -> CommandResult {
            var environment = E2E.childEnvironment()
            if let runtime { environment["XDG_RUNTIME_DIR"] = runtime.path }
            return try await runCommand(try E2E.binaryPath(), ["send"] + arguments, environment: environment, timeout: 15)
        }

        static func jsonObject(_ line: String) -> [String: Any]? {
            line.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        }

        @Test("send status prints the cue, next moves it, watch streams records, say interrupts until clear; q removes the socket")
        func statusNextWatch() async throws {
            // Relative: the sign runs in the session's directory.
            let session = try await Session.start(
                "control", Launch(arguments: ["-s", "20", "-f", "cues.txt", "--control", "control.sock"], prepare: CueFlow.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            let path = session.directory.appendingPathComponent("control.sock").path
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK && info.st_mode & 0o777 == 0o600, "a 0600 socket")

            let status = try await Self.send(["--control", path, "status"])
            #expect(status.status == 0, "stderr: \(status.stderr)")
            let reply = try #require(Self.jsonObject(status.stdout.trimmingCharacters(in: .newlines)), "\(status.stdout)")
            #expect(reply["ok"] as? Bool == true)
            #expect((reply["index"] as? NSNumber)?.intValue == 0 && (reply["count"] as? NSNumber)?.intValue == 3, "\(reply)")
            #expect(reply["text"] is String && reply["paused"] as? Bool == false && reply["uptime"] is NSNumber)

            let next = try await Self.send(["--control", path, "next"])
            #expect(next.status == 0 && next.stdout.isEmpty && next.stderr.isEmpty, "\(next.status) \(next.stderr)")
            let moved = try await session.waitForEvent("cue 1") { $0.name == "cue" && $0.int("index") == 1 }
            #expect(moved.bool("automatic") == false)

            // A watcher gets the log's records, line for line. It connects
            // at its own pace: move again until it has seen a move.
            let scratch = try E2E.makeTemporaryDirectory("watch")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let watchOut = scratch.appendingPathComponent("out").path
            let watcher = try spawnProgram(try E2E.binaryPath(), ["send", "--control", path, "watch"], environment: E2E.childEnvironment(),
                                           stdin: "/dev/null", stdout: watchOut, stderr: scratch.appendingPathComponent("err").path)
            var watcherEnded = false
            defer { if !watcherEnded { kill(watcher, SIGKILL); _ = waitpid(watcher, nil, 0) } }
            func watchedCue() -> String? {
                let text = (try? String(contentsOfFile: watchOut, encoding: .utf8)) ?? ""
                return text.split(separator: "\n").map(String.init).first { Self.jsonObject($0)?["event"] as? String == "cue" }
            }
            var watched: String?
            for _ in 0..<10 where watched == nil {
                #expect(try await Self.send(["--control", path, "next"]).status == 0)
                watched = try? await waitFor("a cue record from the watcher", timeout: 1) { watchedCue() }
            }
            let line = try #require(watched, "the watcher saw no cue")
            #expect(session.events().contains { $0.line == line }, "the watched record is the log's: \(line)")

            // A priority interrupt: on the sign at once, in the status, and
            // gone on clear, back on the cue it left.
            let leftAt = session.events("cue").last?.int("index")
            let say = try await Self.send(["--control", path, "say", "FIRE DRILL", "--for", "60"])
            #expect(say.status == 0 && say.stderr.isEmpty, "\(say.status) \(say.stderr)")
            let shown = try await session.waitForEvent("interrupt") { $0.name == "interrupt" }
            #expect(shown.string("text") == "FIRE DRILL" && shown.int("for") == 60, "\(shown)")
            let during = try #require(Self.jsonObject(try await Self.send(["--control", path, "status"]).stdout
                .trimmingCharacters(in: .newlines)))
            #expect(during["interrupt"] as? Bool == true && during["text"] as? String == "FIRE DRILL", "\(during)")
            #expect(((during["interruptRemaining"] as? NSNumber)?.doubleValue ?? 0) > 50, "\(during)")
            let clear = try await Self.send(["--control", path, "clear"])
            #expect(clear.status == 0, "\(clear.stderr)")
            let cleared = try await session.waitForEvent("interrupt ended") { $0.name == "interruptEnded" }
            #expect(cleared.string("reason") == "clear")
            let after = try #require(Self.jsonObject(try await Self.send(["--control", path, "status"]).stdout
                .trimmingCharacters(in: .newlines)))
            #expect(after["interrupt"] as? Bool == false && (after["index"] as? NSNumber)?.intValue == leftAt, "\(after)")

            // A refusal is the player's own reason, or the parser's, exit 1.
            let far = try await Self.send(["--control", path, "goto", "9"])
            #expect(far.status == 1 && far.stderr == "ledmarquee: no cue 9 (the flow has 3)\n", "\(far.stderr)")
            let styled = try await Self.send(["--control", path, "say", "RED", "--style", "neon"])
            #expect(styled.status == 1 && styled.stderr == "ledmarquee: unknown style 'neon' (use dots, blocks, half, braille)\n",
                    "\(styled.stderr)")

            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
            // The watcher sees the end of the stream and exits 0.
            var waitStatus: Int32 = 0
            let ended = try await waitFor("the watcher to exit", timeout: 5) { () -> Bool? in
                waitpid(watcher, &waitStatus, WNOHANG) == watcher ? true : nil
            }
            watcherEnded = ended
            #expect(exitCode(fromWaitStatus: waitStatus) == 0)
            let lines = ((try? String(contentsOfFile: watchOut, encoding: .utf8)) ?? "").split(separator: "\n")
            #expect(lines.last.flatMap { Self.jsonObject(String($0)) }?["event"] as? String == "quit", "\(lines.suffix(2))")
            #expect(access(path, F_OK) != 0, "the socket file is gone after q")
        }

        @Test("a named sign: a second one of that --name is refused, SIGTERM removes the socket, send to no sign exits 1")
        func namedSign() async throws {
            let session = try await Session.start("control-named", Launch(arguments: ["ONE"]))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            let runtime = session.runtimeDirectory
            let path = runtime.appendingPathComponent("ledmarquee/default.sock").path
            #expect(access(path, F_OK) == 0, "the socket is in the runtime directory")

            let status = try await Self.send(["status"], runtime: runtime)
            #expect(status.status == 0 && status.stdout.hasPrefix("{\"ok\":true,\"index\":0,\"count\":1,"), "\(status.stdout) \(status.stderr)")

            // A second sign given the same name, in a pane of its own (one
            // given no name takes the next free one: SignNameTests).
            let second = try await Session.start(
                "control-second", Launch(arguments: ["--name", "default", "TWO"], stderrToFile: true,
                                         environment: ["XDG_RUNTIME_DIR": runtime.path]))
            defer { second.close() }
            #expect(try await second.waitForExit(timeout: 10) == 1)
            #expect(second.stderrText == "ledmarquee: default: a sign is already running on \(path)\n", "\(second.stderrText)")
            #expect(access(path, F_OK) == 0, "the first sign's socket is untouched")

            kill(try await session.programPID(), SIGTERM)
            #expect(try await session.waitForExit(timeout: 5) == 128 + SIGTERM)
            #expect(access(path, F_OK) != 0, "the socket file is gone after SIGTERM")

            let missing = try await Self.send(["status"], runtime: runtime)
            #expect(missing.status == 1 && missing.stderr == "ledmarquee: no sign named 'default' (no socket at \(path))\n", "\(missing.stderr)")
            let named = try await Self.send(["--name", "lobby", "next"], runtime: runtime)
            #expect(named.stderr == "ledmarquee: no sign named 'lobby' (no socket at \(runtime.path)/ledmarquee/lobby.sock)\n", "\(named.stderr)")
            let control = try await Self.send(["--control", "/nonexistent-ledmarquee-e2e/s.sock", "status"])
            #expect(control.status == 1 && control.stderr == "ledmarquee: no sign at /nonexistent-ledmarquee-e2e/s.sock (no socket there)\n")
        }

        @Test("send's usage errors exit 2; a message 'send' is given after --")
        func usage() async throws {
            let bare = try await Self.send([])
            #expect(bare.status == 2 && bare.stderr.hasPrefix("ledmarquee: send: which command?"), "\(bare.stderr)")
            let bad = try await Self.send(["goto", "x"])
            #expect(bad.status == 2 && bad.stderr.hasPrefix("ledmarquee: send: 'goto' needs a message number from 1, not 'x'\n"))
            let help = try await Self.send(["--help"])
            #expect(help.status == 0 && help.stdout.hasPrefix("Usage: ledmarquee send"))
            let message = try await runCommand(try E2E.binaryPath(), ["--snapshot", "--cols", "40", "--rows", "8", "--", "send"])
            #expect(message.status == 0 && !message.stdout.isEmpty, "\(message.stderr)")
        }
    }
}
