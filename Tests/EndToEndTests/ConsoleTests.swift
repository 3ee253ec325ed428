import Foundation
import Testing
import TestSupport

extension EndToEnd.Screens {
    /// The Linux console (docs/display.md, "The Linux console"): its own
    /// blanking off while the sign runs and given back on every way out, and
    /// `--tty DEVICE`. The escapes are read from the raw output of the pane
    /// (`pipe-pane`), since tmux acts on them and a capture would not show them.
    @Suite("Console")
    struct Console {
        static let off = Array("\u{1B}[9;0]".utf8)
        /// What a `consoleblank` of 300 s gives back: 5 minutes.
        static let restore = Array("\u{1B}[9;5]".utf8)

        /// Every `ESC [ 9 ; N ]` in `bytes`, in order: `off` (N = 0),
        /// `restore` (N = 5), else `other N`. (`ESC [ 9 ; 1 H`, a cursor
        /// move, is not one.)
        static func blankingEscapes(_ bytes: [UInt8]) -> [String] {
            let start = Array("\u{1B}[9;".utf8)
            var found: [String] = []
            var index = 0
            while index < bytes.count {
                defer { index += 1 }
                guard bytes[index...].starts(with: start) else { continue }
                var end = index + start.count
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                guard end > index + start.count, end < bytes.count, bytes[end] == UInt8(ascii: "]") else { continue }
                let escape = Array(bytes[index...end])
                found.append(escape == off ? "off" : escape == restore ? "restore" : "other \(String(decoding: escape.dropFirst(), as: UTF8.self))")
            }
            return found
        }

        static func prepare(_ directory: URL) throws {
            let sysfs = try ScratchSysfs(in: directory)
            try sysfs.write("module/kernel/parameters/consoleblank", "300")
            try sysfs.write("class/.keep", "")  // a sysfs tree has class/ (SysfsRootCheck)
        }

        static func launch(term: String?, _ arguments: [String] = [], recordsSignal: Bool = false) -> Launch {
            Launch(arguments: ["--sysfs-root", "sysfs", "--speed", "1.1"] + arguments + ["CONSOLE"], term: term,
                   stderrToFile: true, recordsSignal: recordsSignal, prepare: Self.prepare, holdUntilReleased: true)
        }

        func waitForEscapes(_ session: Session, _ file: String, _ expected: [String],
                            sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let seen = try await waitFor("the blanking escapes \(expected)", timeout: 10, context: session.diagnostics) {
                () -> [String]? in
                let found = Self.blankingEscapes(session.pipedBytes(file))
                return found.count >= expected.count ? found : nil
            }
            #expect(seen == expected, sourceLocation: sourceLocation)
        }

        /// A sign held until its output is piped to `out.bin` (so its very
        /// first bytes are caught), then released and drawing.
        func startPiped(_ label: String, _ launch: Launch) async throws -> Session {
            let session = try await Session.start(label, launch)
            do {
                try await session.pipeOutput(to: "out.bin")
                try session.release()
                try await session.waitForCells(of: "●", minimum: 5)
            } catch {
                session.close()
                throw error
            }
            return session
        }

        @Test("a terminal that ignores the alternate screen (tmux alternate-screen off) is left cleared at q, not showing the last frame")
        func noAlternateScreen() async throws {
            let session = try await Session.start("noalt", Self.launch(term: "tmux-256color"))
            defer { session.close() }
            // What a Linux console does with smcup/rmcup under another TERM.
            _ = try await session.tmux(["set-window-option", "-g", "alternate-screen", "off"])
            try session.release()
            try await session.waitForCells(of: "●", minimum: 5)
            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
            let screen = try await session.capture()
            #expect(!screen.text.contains("●"), "the last frame stayed:\n\(screen.text)")
        }

        @Test("on TERM=linux blanking is off while the sign plays, given back on Ctrl-Z, off again on fg, given back at q")
        func blankingAroundSuspend() async throws {
            let session = try await startPiped("blank", Self.launch(term: "linux"))
            defer { session.close() }
            try await waitForEscapes(session, "out.bin", ["off"])

            let pid = try await session.programPID()
            try await session.send("C-z")
            try await waitForEscapes(session, "out.bin", ["off", "restore"])
            #expect(kill(pid, SIGCONT) == 0)
            try await waitForEscapes(session, "out.bin", ["off", "restore", "off"])
            try await session.waitForCells(of: "●", minimum: 5)

            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
            try await waitForEscapes(session, "out.bin", ["off", "restore", "off", "restore"])
            #expect(session.sttyAfter?.isSane == true)
        }

        enum Ending: String, CaseIterable, CustomTestStringConvertible {
            case sigterm = "SIGTERM", sighup = "SIGHUP", crash = "a crash (SIGSEGV)"
            var testDescription: String { rawValue }
            var signal: Int32 {
                switch self {
                case .sigterm: SIGTERM
                case .sighup: SIGHUP
                case .crash: SIGSEGV
                }
            }
        }

        @Test("a signal or a crash gives the blanking back too", arguments: Ending.allCases)
        func blankingOnSignals(ending: Ending) async throws {
            let session = try await startPiped("blanksig", Self.launch(term: "linux", recordsSignal: true))
            defer { session.close() }
            try await waitForEscapes(session, "out.bin", ["off"])
            let pid = try await session.programPID()
            #expect(kill(pid, ending.signal) == 0)
            #expect(try await session.waitForExit(timeout: 10) == 128 + ending.signal)
            #expect(try session.endedBySignal() == ending.signal)
            try await waitForEscapes(session, "out.bin", ["off", "restore"])
        }

        @Test("another terminal gets no blanking escape")
        func notOtherTerminals() async throws {
            let session = try await startPiped("noblank", Self.launch(term: "tmux-256color"))
            defer { session.close() }
            try await session.send("q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
            try await pause(0.3)  // the last bytes reach the pipe
            #expect(!session.pipedBytes("out.bin").isEmpty)
            #expect(Self.blankingEscapes(session.pipedBytes("out.bin")).isEmpty)
        }

        @Test("--tty plays on another terminal: drawn there, keys read there, TERM linux by default, given back at q")
        func onAnotherTerminal() async throws {
            var launch = Self.launch(term: nil, ["--tty", "other-tty"])
            launch.stderrToFile = true
            let session = try await Session.start("tty", launch)
            defer { session.close() }
            let (pane, tty) = try await session.splitPane()
            // Named in the session directory, so the arguments could be fixed before the pane existed.
            try FileManager.default.createSymbolicLink(atPath: session.directory.appendingPathComponent("other-tty").path,
                                                       withDestinationPath: tty)
            try await session.pipeOutput(of: pane, to: "tty.bin")
            try session.release()

            try await waitFor("LEDs on the other terminal", timeout: 10, context: session.diagnostics) { () async throws -> Bool? in
                let screen = try await session.capture(pane: pane)
                return screen.contains("●") ? true : nil
            }
            try await waitForEscapes(session, "tty.bin", ["off"])
            let own = try await session.capture()
            #expect(!own.contains("●"), "nothing drawn on the program's own pane")

            try await session.tmux(["send-keys", "-t", pane, "q"])
            #expect(try await session.waitForExit(timeout: 5) == 0)
            try await waitForEscapes(session, "tty.bin", ["off", "restore"])
            let stty = try await runCommand("/bin/sh", ["-c", "stty -a < \(E2E.shellQuote(tty))"], environment: E2E.childEnvironment())
            #expect(SttySettings(stty.stdout).isSane, "the other terminal's modes are given back: \(stty.stdout)")
            #expect(session.stderrText.isEmpty, "stderr: \(session.stderrText)")
        }

        @Test("--tty refuses what is not a terminal, and a device that is not there", arguments: ["/dev/null", "/nonexistent-tty"])
        func ttyErrors(device: String) async throws {
            let binary = try E2E.binaryPath()
            let result = try await runCommand(binary, ["--tty", device, "--no-control", "X"], environment: E2E.childEnvironment())
            #expect(result.status == 1)
            let reason = device == "/dev/null" ? "not a terminal" : "No such file or directory"
            #expect(result.stderr == "ledmarquee: \(device): cannot open terminal: \(reason)\n")
        }
    }
}
