import Foundation
import Testing

extension EndToEnd.Screens {
    /// `--keys safe` on a real terminal (docs/command-line.md, "--keys"): a
    /// kiosk's keyboard pages the flow but cannot quit or suspend the sign,
    /// the terminal's own Ctrl-C and Ctrl-Z included; SIGTERM still ends it
    /// and the terminal's keys come back.
    @Suite("Key lock")
    struct KeyLock {
        @Test("--keys safe: q, Esc, Ctrl-C, Ctrl-\\ and Ctrl-Z leave it playing; n pages; SIGTERM ends it; the terminal gets its keys back")
        func safe() async throws {
            let launch = Launch(arguments: ["--keys", "safe", "-s", "20", "-f", "cues.txt"], stderrToFile: true,
                                prepare: { try writeFile("ONE\nTWO\n", to: $0.appendingPathComponent("cues.txt")) })
            let session = try await Session.start("keylock", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()
            for keys in [["q"], ["Escape"], ["C-c"], ["C-\\\\"], ["C-z"]] {
                try await session.send(keys: keys)
            }
            // Proving nothing happens: a short real wait, then still playing,
            // not stopped by Ctrl-Z, with every key logged.
            try await session.waitForEvent("the five keys logged", timeout: 5) { _ in session.events("key").count >= 5 }
            try await pause(0.5)
            #expect(session.isProgramAlive(pid) && session.exitStatus == nil, "a locked key ended the sign")
            let state = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8).split(separator: ")").last?
                .split(separator: " ").first
            #expect(state != "T", "Ctrl-Z suspended the sign")
            #expect(session.events("quit").isEmpty)
            try await session.send("n")
            try await session.waitForEvent("n pages the flow") { $0.name == "cue" && $0.string("text") == "TWO" }
            #expect(kill(pid, SIGTERM) == 0)
            #expect(try await session.waitForExit(timeout: 10) == 128 + SIGTERM)
            try await session.expectTerminalRestored()
            let stty = try String(contentsOf: session.directory.appendingPathComponent("stty-after"), encoding: .utf8)
            #expect(stty.contains("intr = ^C") && stty.contains("susp = ^Z") && stty.contains("quit = ^\\"), "\(stty)")
        }
    }
}
