import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
    /// Live fields on the real sign (docs/live-fields.md): what the sign
    /// shows is read through the control socket's `status`, whose text is
    /// the message as drawn, and seen on the screen.
    @Suite("Live fields")
    struct LiveFields {
        static func shownText(_ session: Session) async throws -> String? {
            let path = session.directory.appendingPathComponent("control.sock").path
            let reply = try await Control.send(["--control", path, "status"])
            return Control.jsonObject(reply.stdout.trimmingCharacters(in: .newlines))?["text"] as? String
        }

        @Test("a seconds clock shows the wall clock's time and the sign changes with it, once a second")
        func secondsClock() async throws {
            let session = try await Session.start(
                "fields-clock", Launch(arguments: ["--static", "--control", "control.sock", "T{time:%s}"], columns: 200, rows: 20))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            let first = try #require(try await Self.shownText(session))
            let epoch = Int(Date().timeIntervalSince1970)
            let shownEpoch = try #require(Int(first.dropFirst()), "\(first)")
            #expect(first.hasPrefix("T") && abs(shownEpoch - epoch) <= 2, "\(first) vs \(epoch)")
            let before = try await session.capture().litLEDs(panelRows: session.panelRows)
            let later = try await waitFor("the next second", timeout: 4) {
                let text = try await Self.shownText(session)
                return text != first ? text : nil
            }
            #expect(Int(later.dropFirst()).map { $0 > shownEpoch } == true, "\(later)")
            let after = try await waitFor("the LEDs of the next second", timeout: 3) {
                let lit = try await session.capture().litLEDs(panelRows: session.panelRows)
                return lit != before ? lit : nil
            }
            #expect(!after.isEmpty)
            #expect(!session.events().contains { $0.name == "error" }, "\(session.events())")
        }

        @Test("{file:PATH} shows a file's first line and follows it; a missing file shows -- and is reported once")
        func fileField() async throws {
            let session = try await Session.start(
                "fields-file", Launch(arguments: ["--static", "--control", "control.sock", "BUILD {file:status} {file:missing}"],
                                      prepare: { try "OK\nignored\n".write(to: $0.appendingPathComponent("status"), atomically: true, encoding: .utf8) }))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            #expect(try await Self.shownText(session) == "BUILD OK --")
            try "FAILED\n".write(to: session.directory.appendingPathComponent("status"), atomically: true, encoding: .utf8)
            // The full tier checks files every 2 s.
            _ = try await waitFor("the new first line", timeout: 5) {
                try await Self.shownText(session) == "BUILD FAILED --" ? true : nil
            }
            // Several checks later, the missing file is still one error.
            try await Task.sleep(for: .seconds(2.5))
            let errors = session.events("error")
            #expect(errors.count == 1, "\(errors)")
            #expect(errors.first?.string("message") == "missing: cannot read {file:missing}: No such file or directory", "\(errors)")
        }
    }
}
