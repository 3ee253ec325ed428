import Foundation
import Testing

extension EndToEnd.Timing {
    /// `--drift` (docs/display.md, "Drift"): a sign at rest moves by one LED
    /// round a square, one step per interval, on a timer of its own.
    @Suite("Drift")
    struct Drift {
        /// 3 s, the shortest interval there is: a test's.
        static let arguments = ["--drift", "0.05", "--idle-timeout", "0", "--static"]

        /// The lit LEDs moved by `columns` cells and `rows` rows.
        static func moved(_ spots: Set<Spot>, columns: Int, rows: Int) -> Set<Spot> {
            Set(spots.map { Spot(row: $0.row + rows, column: $0.column + columns) })
        }

        func waitForChange(_ session: Session, from spots: Set<Spot>, _ what: String) async throws -> (Set<Spot>, Double) {
            let clock = Stopwatch()
            let changed = try await waitFor(what, timeout: 8, context: session.diagnostics) { () async throws -> Set<Spot>? in
                let now = try await session.capture().litLEDs(panelRows: session.panelRows)
                return !now.isEmpty && now != spots ? now : nil
            }
            return (changed, clock.elapsed)
        }

        @Test("a sign at rest moves one LED right, then down, each after the interval; the advance keeps its own time")
        func orbit() async throws {
            let session = try await Session.start(
                "drift", Launch(arguments: Self.arguments + ["-s", "8", "-f", "cues.txt"], prepare: CueFlow.writeCues))
            defer { session.close() }
            let first = try await session.waitForEvent("the first cue") { $0.name == "cue" }
            let home = try await session.waitForLitLEDs(minimum: 5).litLEDs(panelRows: session.panelRows)

            // dots: an LED is two cells wide and one row high.
            let (right, afterFirst) = try await waitForChange(session, from: home, "the first drift step")
            #expect(right == Self.moved(home, columns: 2, rows: 0), "one LED to the right")
            let (down, afterSecond) = try await waitForChange(session, from: right, "the second drift step")
            #expect(down == Self.moved(home, columns: 2, rows: 1), "then one LED down")
            // 3 s apart, give or take a capture's latency on a busy machine.
            #expect(afterSecond > 2.3 && afterSecond < 4.5, "the second step \(afterSecond) s after the first")
            #expect(afterFirst < 4.5, "the first step came \(afterFirst) s after the first frame was seen")

            // Two drift steps at about 3 and 6 s did not restart the 8 s wait.
            let advance = try await session.waitForEvent("the automatic advance", timeout: 10) { $0.isAutomaticCue }
            CueFlow.expectFullWait(from: first, to: advance, seconds: 8, late: 0.3)
        }

        @Test("with --drift and no probe, a sign at rest wakes about once per interval and no more")
        func wakeUps() async throws {
            let session = try await Session.start(
                "driftwake", Launch(arguments: Self.arguments + ["--probe-interval", "3600", "OK"]))
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            try await session.expectFrozen()
            let pid = try await session.programPID()
            let before = try Power.wakeUps(pid)
            let window = 7.0
            try await pause(window)
            let after = try Power.wakeUps(pid)
            let woken = after.total - before.total
            // 7 s at one step per 3 s: two steps, or three.
            #expect(woken >= 2 && woken <= 5, "\(woken) wake-ups in \(window) s; per thread: \(after.perThread)")
        }
    }
}
