import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
    /// Schedules and quiet hours on the real sign (docs/schedules.md),
    /// started at 21:59:50 by Debian's `faketime` (libfaketime; the wall
    /// clock runs on from there in real time); the monotonic clock stays
    /// real (`FAKETIME_DONT_FAKE_MONOTONIC=1`), so the frames and the timers
    /// are the program's own. The program has no clock switch for tests.
    /// The `faketime` wrapper, not a bare `LD_PRELOAD` of the library: with
    /// the library alone (no `FAKETIME_SHARED`), a Swift program's
    /// `CommandLine.arguments` come out empty (libfaketime 0.9.10).
    @Suite("Schedules")
    struct Schedules {
        static let library = "/usr/bin/faketime"
        static let environment = ["FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "UTC"]
        /// The wall clock at 21:59:50 UTC, running on.
        static let wrapper = [library, "2026-12-01 21:59:50"]

        /// Any LED, lit or unlit, in the panel rows: a dark sign has none.
        static func anyLED(_ screen: Screen, panelRows: Int) -> Bool {
            !screen.cells(of: "●", panelRows: panelRows).isEmpty
        }

        @Test("quiet hours begin at 22:00: the sign goes dark and still, logged; a key lights it for the idle timeout",
              .enabled(if: FileManager.default.fileExists(atPath: library), "needs faketime (scripts/install-deps.sh)"))
        func quietHoursBegin() async throws {
            let session = try await Session.start("schedule-quiet", Launch(
                arguments: ["--no-control", "--quiet", "22:00-07:00", "--quiet-mode", "off", "--idle-timeout", "1", "ON AIR"],
                environment: Self.environment, wrapper: Self.wrapper))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            let lit = try await waitFor("the sign lit before 22:00", timeout: 5) {
                let screen = try await session.capture()
                return screen.litLEDs(panelRows: session.panelRows).isEmpty ? nil : screen
            }
            #expect(Self.anyLED(lit, panelRows: session.panelRows))
            let quiet = try await session.waitForEvent("quiet hours", timeout: 15) { $0.name == "quiet" }
            #expect(quiet.bool("on") == true && quiet.string("mode") == "off", "\(quiet)")
            #expect(quiet.t > 5, "not before 22:00: \(quiet)")
            _ = try await session.waitForEvent("the policy stops the sign") { $0.name == "policy" && $0.int("fps") == 0 }
            _ = try await waitFor("a dark sign", timeout: 3) {
                Self.anyLED(try await session.capture(), panelRows: session.panelRows) ? nil : true
            }
            // A key lights it: the LEDs are back …
            try await session.send("x")
            _ = try await waitFor("the sign lit by a key", timeout: 3) {
                try await session.capture().litLEDs(panelRows: session.panelRows).isEmpty ? nil : true
            }
            #expect(try await session.capture().contains("quiet hours (lit)"))
            // … until the status line hides (at least 3 s), then dark again.
            _ = try await waitFor("dark again", timeout: 8) {
                Self.anyLED(try await session.capture(), panelRows: session.panelRows) ? nil : true
            }
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        @Test("a message whose hours start at 22:00 shows then; before, with none in window, the sign is dark",
              .enabled(if: FileManager.default.fileExists(atPath: library), "needs faketime (scripts/install-deps.sh)"))
        func windowOpens() async throws {
            let deck = #"[{"text": "NIGHT", "hours": "22:00-23:00"}, {"text": "LATE", "days": "Mon-Sun", "hours": "23:00-23:30"}]"#
            let session = try await Session.start("schedule-window", Launch(
                arguments: ["--no-control", "-f", "deck.json"], environment: Self.environment,
                prepare: { try deck.write(to: $0.appendingPathComponent("deck.json"), atomically: true, encoding: .utf8) },
                wrapper: Self.wrapper))
            defer { session.close() }
            let idle = try await session.waitForEvent("idle at start") { $0.name == "idle" }
            #expect(idle.string("showing") == "dark", "\(idle)")
            _ = try await waitFor("a dark sign", timeout: 3) {
                Self.anyLED(try await session.capture(), panelRows: session.panelRows) ? nil : true
            }
            let shown = try await session.waitForEvent("the night message", timeout: 15) { $0.isAutomaticCue }
            #expect(shown.string("text") == "NIGHT" && shown.t > 5, "\(shown)")
            _ = try await session.waitForEvent("idle ends") { $0.name == "idle" && $0.string("showing") == "flow" }
            _ = try await waitFor("the message on the sign", timeout: 3) {
                try await session.capture().litLEDs(panelRows: session.panelRows).isEmpty ? nil : true
            }
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
