import Foundation
import Testing

extension EndToEnd.Screens {
    /// The controls line as a newcomer meets it (docs/status-line.md).
    @Suite("Status line")
    struct StatusLine {
        @Test("at start the status line with '? help' is on screen, then hides after the idle timeout")
        func shownAtStart() async throws {
            let session = try await Session.start("status-start", Launch(arguments: ["--idle-timeout", "2", "START TEST"]))
            defer { session.close() }
            let clock = Stopwatch()
            let shown = try await session.waitForText("? help", timeout: 5)
            let line = shown.line(session.launch.rows - 1)
            #expect(line.contains("▶ playing") && line.contains("1/1") && line.contains("char/s"), "controls line: '\(line)'")
            try await waitFor("the controls line to hide", timeout: 6, context: session.diagnostics) { () async throws -> Bool? in
                try await session.capture().line(session.launch.rows - 1).isEmpty ? true : nil
            }
            #expect(clock.elapsed >= 1.2, "hidden after about 2 s, not at once (\(clock.elapsed) s)")
        }

        @Test("- pressed many times stops at the slowest speed: never 0, never static, still moving")
        func slowestSpeed() async throws {
            let session = try await Session.start(
                "status-slow", Launch(arguments: ["--idle-timeout", "30", LEDSign.longMessage]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 20)
            let presses = Array(repeating: "-", count: 30)
            let result = try await session.tmux(["send-keys", "-t", session.target] + presses)
            try #require(result.status == 0)
            try await waitFor("30 key records", timeout: 5, context: session.diagnostics) {
                session.events("key").count >= 30 ? true : nil
            }
            let screen = try await session.waitForText("← 1 char/s", timeout: 5)
            let line = screen.line(session.launch.rows - 1)
            #expect(!line.contains("static") && !line.contains(" 0 char/s") && !line.contains(" 0 fps"), "controls line: '\(line)'")
            try await session.waitForMovement("the LEDs to keep moving at the slowest speed", timeout: 6) { $0.left > 0 }
        }

        @Test("lines cut while reading the cues: the first is shown on the sign, each is an error record")
        func cutLinesShown() async throws {
            let long = String(repeating: "X", count: 70_000)
            let session = try await Session.start(
                "status-cut", Launch(arguments: ["-s", "20", "-f", "cues.txt"]) { directory in
                    try writeFile("SHORT\n\(long)\n\(long)\n", to: directory.appendingPathComponent("cues.txt"))
                })
            defer { session.close() }
            let screen = try await session.waitForText("cues.txt:2: line cut to 65536 bytes (+1 more)", timeout: 5)
            #expect(screen.line(session.launch.rows - 1).hasPrefix(" cues.txt:2: line cut"), "on the controls line:\n\(screen.text)")
            let errors = session.events("error").compactMap { $0.string("message") }
            #expect(errors == ["cues.txt:2: line cut to 65536 bytes", "cues.txt:3: line cut to 65536 bytes"], "\(errors)")
        }

        @Test("Q quits like q: letters ignore case")
        func upperCaseQuits() async throws {
            let session = try await Session.start("status-q", Launch(arguments: ["CAPS LOCK"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            try await session.send("Q")
            #expect(try await session.waitForExit(timeout: 5) == 0)
            #expect(session.events("key").last?.string("name") == "Q")
            #expect(session.events().last?.name == "quit")
        }
    }
}
