import Foundation
import Testing

extension EndToEnd.Screens {
    @Suite("Crashes")
    struct Crashes {
        /// How the crashing program is started.
        enum Setup: String, CaseIterable, CustomTestStringConvertible {
            /// The report goes to the pane, as on a kiosk.
            case stderrInPane = "stderr in the pane"
            /// `2> file`: the report must land in the file.
            case stderrToFile = "stderr to a file"
            /// The user's own SWIFT_BACKTRACE setting is kept (no colour).
            case userSetting = "SWIFT_BACKTRACE=color=no"
            var testDescription: String { rawValue }
        }

        // An externally sent SIGSEGV goes through the same handlers as a real
        // fault; the runtime's report would wait 30 s for a key without the guard.
        @Test("a crash restores the terminal first, reports without waiting for a key, and ends the process",
              arguments: Setup.allCases)
        func crashRestoresTerminal(setup: Setup) async throws {
            var launch = Launch(arguments: ["CRASH TEST"], stderrToFile: setup == .stderrToFile)
            if setup == .userSetting { launch.environment = ["SWIFT_BACKTRACE": "color=no"] }
            let session = try await Session.start("crash", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()

            let clock = Stopwatch()
            #expect(kill(pid, SIGSEGV) == 0)
            let status = try await session.waitForExit(timeout: 10)
            #expect(status == 128 + SIGSEGV, "killed by the SIGSEGV, not carrying on after the report")
            #expect(clock.elapsed < 8, "gone \(clock.elapsed) s after the crash: something waited")

            let screen = try await session.expectTerminalRestored()
            #expect(!screen.contains("Press space to interact"), "the crash report prompted:\n\(screen.text)")
            let report = setup == .stderrToFile ? session.stderrText : screen.text
            #expect(report.contains("Program crashed"), "the crash report: \(report)")
            if setup == .stderrToFile {
                #expect(!screen.contains("Program crashed"), "the report went to the file, not the pane")
            }
            if setup == .userSetting {
                #expect(!report.contains("💣"), "color=no kept: the report has no coloured banner")
            }
            #expect(session.events().last?.name != "quit", "a crash is not a quit")
        }

        // A seccomp filter's verdict arrives as SIGSYS, which the Swift
        // runtime does not catch: before, the sign died silently. The line
        // comes after the terminal is given back, so it is on the shell's
        // screen, not on the alternate screen the sign leaves.
        @Test("SIGSYS (kill -SYS, as a seccomp verdict) restores the terminal, then names the signal on the shell's screen")
        func sigsysIsNamed() async throws {
            var launch = Launch(arguments: ["SIGSYS TEST"])
            launch.recordsSignal = true
            let session = try await Session.start("sigsys", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            #expect(kill(try await session.programPID(), SIGSYS) == 0)
            #expect(try await session.waitForExit(timeout: 10) == 128 + SIGSYS)
            #expect(try session.endedBySignal() == SIGSYS, "died of SIGSYS, not an exit")
            let screen = try await session.expectTerminalRestored()
            let lines = screen.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(lines.filter { $0 == "ledmarquee: ended by signal \(SIGSYS) (Bad system call)" }.count == 1,
                    "named once on the shell's screen:\n\(screen.text)")
            #expect(session.events().last?.name != "quit", "a crash is not a quit")
        }

        // A real trap, not a signal sent from outside: LEDMARQUEE_TEST_TRAP=1
        // makes the player hit a preconditionFailure after its first frame
        // (docs/testing.md). Swift traps arrive as SIGILL on x86-64 (ud2) and
        // SIGTRAP on arm64 (brk).
        @Test("a Swift trap (LEDMARQUEE_TEST_TRAP=1) restores the terminal and ends the process by its signal")
        func trapRestoresTerminal() async throws {
            var launch = Launch(arguments: ["TRAP TEST"], stderrToFile: true)
            launch.environment = ["LEDMARQUEE_TEST_TRAP": "1"]
            let session = try await Session.start("trap", launch)
            defer { session.close() }
            let status = try await session.waitForExit(timeout: 10)
            #expect(status == 128 + SIGILL || status == 128 + SIGTRAP, "ended by the trap's signal, got \(status)")
            let screen = try await session.expectTerminalRestored()
            #expect(!screen.contains("Press space to interact"), "the crash report prompted:\n\(screen.text)")
            #expect(session.stderrText.contains("Program crashed"), "the crash report: \(session.stderrText)")
            #expect(session.events("start").count == 1, "it played: \(session.events())")
            #expect(session.events().last?.name != "quit", "a crash is not a quit")
        }
    }
}
