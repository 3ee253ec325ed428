import Foundation
import Testing

extension EndToEnd.Screens {
    /// Every way a signal can end the sign gives the terminal back first
    /// (docs/architecture.md, "Signals"): the ones the player knows by name,
    /// any other whose default action ends the process, a fault, a file
    /// size limit, and a terminal that hangs up.
    @Suite("Signals")
    struct Signals {
        /// A signal sent to the running sign, and how it must end.
        struct Case: CustomTestStringConvertible, Sendable {
            let name: String
            let number: Int32
            /// Taken on the event loop: a `quit` record and no socket file
            /// left. A fault (SIGSYS) goes through the crash guard instead,
            /// which restores the terminal and names the signal only.
            var onTheLoop = true
            var testDescription: String { name }
        }

        static let cases: [Case] = [
            Case(name: "SIGHUP", number: SIGHUP),
            Case(name: "SIGUSR2", number: SIGUSR2),
            Case(name: "SIGALRM", number: SIGALRM),
            Case(name: "SIGXCPU", number: SIGXCPU),
            Case(name: "SIGPWR", number: SIGPWR),
            Case(name: "SIGRTMIN", number: __libc_current_sigrtmin()),
            Case(name: "SIGRTMAX", number: __libc_current_sigrtmax()),
            Case(name: "SIGSYS (the crash guard)", number: SIGSYS, onTheLoop: false),
        ]

        @Test("a signal whose default action ends the process restores the terminal, then the sign dies of it",
              arguments: cases)
        func signalRestoresTerminal(signal: Case) async throws {
            var launch = Launch(arguments: ["SIGNAL TEST"], stderrToFile: true)
            launch.recordsSignal = true
            let session = try await Session.start("signal", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let socket = session.runtimeDirectory.appendingPathComponent("ledmarquee/default.sock").path
            #expect(access(socket, F_OK) == 0, "the control socket is there while playing")

            #expect(kill(try await session.programPID(), signal.number) == 0)
            let status = try await session.waitForExit(timeout: 10)
            #expect(status == 128 + signal.number, "exit status \(status)")
            #expect(try session.endedBySignal() == signal.number, "died of the signal, not an exit")
            try await session.expectTerminalRestored()
            if signal.onTheLoop {
                #expect(session.events().last?.name == "quit", "quit logged: \(session.events().suffix(2))")
                #expect(access(socket, F_OK) != 0, "the socket file is gone")
            }
            // The unusual ones are named, by the loop or by the crash guard
            // (the Swift runtime reports no SIGSYS); SIGHUP, a usual end, is not.
            let named = "ledmarquee: ended by signal \(signal.number) (\(String(cString: strsignal(signal.number))))\n"
            #expect(session.stderrText == (signal.number == SIGHUP ? "" : named), "stderr: \(session.stderrText)")
        }

        @Test("a signal the sign started with ignored (trap '' USR2) stays ignored; SIGTERM still ends it")
        func ignoredAtStartStaysIgnored() async throws {
            var launch = Launch(arguments: ["IGNORED TEST"], stderrToFile: true)
            launch.wrapper = ["sh", "-c", "trap '' USR2 && exec \"$@\"", "sh"]
            let session = try await Session.start("sig-ignored", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()
            #expect(kill(pid, SIGUSR2) == 0)
            // Proving nothing happens: a short real wait, then still playing.
            try await pause(0.5)
            #expect(session.isProgramAlive(pid) && session.exitStatus == nil, "SIGUSR2 ended a sign that ignored it")
            #expect(kill(pid, SIGTERM) == 0)
            #expect(try await session.waitForExit(timeout: 10) == 128 + SIGTERM)
            try await session.expectTerminalRestored()
        }

        @Test("SIGUSR1 after the log was renamed (logrotate): the next records go to a new file at the path")
        func usr1ReopensTheLog() async throws {
            let sign = try HeadlessSign.start("usr1", arguments: ["-s", "2"], cues: "ONE\nTWO\n")
            defer { sign.close() }
            try await sign.waitForEvent("the first cue") { $0.name == "cue" }
            let moved = sign.eventsPath + ".1"
            try #require(rename(sign.eventsPath, moved) == 0)
            #expect(kill(sign.pid, SIGUSR1) == 0)
            // The next automatic advance (2 s) is written to a new file.
            try await sign.waitForEvent("a cue in the new file", timeout: 10) { $0.name == "cue" }
            #expect(EventLogFile.events(at: moved).first?.name == "start", "the old records stayed in the moved file")
            #expect(kill(sign.pid, 0) == 0, "SIGUSR1 does not end the sign")
            kill(sign.pid, SIGTERM)
            #expect(try await sign.waitForExit() == 128 + SIGTERM)
            #expect(sign.events().last?.name == "quit" && sign.events().first?.name == "cue", "\(sign.events())")
        }

        @Test("ulimit -f reached by the events log: no SIGXFSZ death, the loss reported, exit 1, terminal restored")
        func fileSizeLimit() async throws {
            var launch = Launch(arguments: ["FILE SIZE TEST"], stderrToFile: true)
            // Blocks of 512 bytes: the opening records fit, a few dozen keys do not.
            launch.wrapper = ["sh", "-c", "ulimit -f 2 && exec \"$@\"", "sh"]
            launch.recordsSignal = true
            let session = try await Session.start("xfsz", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            // Keys until the log has reached the limit (each key is a record).
            try await waitFor("the events log at its 1 KiB limit", timeout: 15, context: session.diagnostics) { () async throws -> Bool? in
                try await session.send("m")
                let size = (try? FileManager.default.attributesOfItem(atPath: session.eventsPath)[.size] as? Int) ?? 0
                return size > 1024 - 60 ? true : nil
            }
            try await session.waitForText("events log: File too large")
            try await session.send("q")
            let status = try await session.waitForExit(timeout: 10)
            #expect(status == 1, "exit status \(status): the loss, not a signal")
            #expect(try session.endedBySignal() == 0)
            #expect(session.stderrText.contains("events log:") && session.stderrText.contains("File too large"),
                    "stderr: \(session.stderrText)")
            try await session.expectTerminalRestored()
        }

        // A supervisor restarts a sign on failure (contrib's unit:
        // Restart=on-failure): a hang-up must not look like a quit.
        // Only where the shell traps SIGHUP does a wrapper live on to tell the
        // status (FaultTests' table without its first case).
        @Test("a terminal that hangs up (tmux kill-session) ends the sign by SIGHUP: 129, quit logged",
              arguments: Faults.Hangup.allCases.filter { $0 != .signalled })
        func hangupEndsBySIGHUP(hangup: Faults.Hangup) async throws {
            var launch = Launch(arguments: ["HANGUP STATUS"])
            launch.recordsSignal = true
            launch.ignoreHangup = hangup == .ignored
            let session = try await Session.start("hup-status", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            _ = try await session.programPID()
            try await session.tmux(["kill-session", "-t", session.target])
            let status = try await session.waitForExit(timeout: 10)
            #expect(status == 128 + SIGHUP, "exit status \(status)")
            #expect(try session.endedBySignal() == SIGHUP, "died of SIGHUP")
            #expect(session.events().last?.name == "quit", "quit logged: \(session.events().suffix(2))")
        }
    }
}
