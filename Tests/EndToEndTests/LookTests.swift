import Foundation
import Testing

extension EndToEnd.Screens {
    /// Messages in their own colours on the real sign (docs/cue-flow.md,
    /// "Looks"), read back from the pane's escape sequences.
    @Suite("Message looks")
    struct Looks {
        /// Lit LEDs of the 256-colour palette: red, green and blue as
        /// `--color` names them (the entries nearest in perceived colour).
        static let litRed = 196
        static let litGreen = 46
        static let litBlue = 27

        static let deck = #"""
            [{"text": "BUILD OK", "color": "green"},
             {"text": "FAILED", "colour": "red"},
             "PLAIN"]
            """#

        /// Waits until the panel's lit LEDs are all `colour`, at least 10 of them.
        static func waitForLit(_ session: Session, _ colour: Int, _ what: String) async throws -> Screen {
            try await waitFor("lit LEDs in \(what)", timeout: 10, context: session.diagnostics) { () async throws -> Screen? in
                let screen = try await session.capture()
                let lit = screen.cells(of: "●", panelRows: session.panelRows).map(\.1)
                let bright = lit.filter { [litRed, litGreen, litBlue].contains($0) }
                return bright.count >= 10 && bright.allSatisfy({ $0 == colour }) ? screen : nil
            }
        }

        @Test("256 colours keep amber's hue: unlit (135,95,0), not olive (95,95,0); in quiet hours lit is that dark amber, not grey, and unlit a dark grey, not black")
        func amberKeepsItsHue() async throws {
            for (quiet, lit, unlit) in [(false, 214, 94), (true, 94, 233)] {
                let arguments = ["-c", "amber", "--static", "--no-control"] + (quiet ? ["--quiet", "00:00-24:00"] : []) + ["HI"]
                let session = try await Session.start("amber", Launch(arguments: arguments))
                defer { session.close() }
                let screen = try await waitFor("amber LEDs", timeout: 10, context: session.diagnostics) { () async throws -> Screen? in
                    let screen = try await session.capture()
                    return screen.cells(of: "●", panelRows: session.panelRows).contains { $0.1 == lit } ? screen : nil
                }
                let colours = Set(screen.cells(of: "●", panelRows: session.panelRows).compactMap(\.1))
                #expect(colours == [lit, unlit], "quiet \(quiet): \(colours)")
            }
        }

        @Test("a deck's green and red messages are drawn green and red, a plain one in --color; say --color turns the sign red and clear turns it back")
        func greenAndRed() async throws {
            let session = try await Session.start("looks", Launch(arguments: ["-c", "blue", "-s", "20", "-f", "deck.json"], prepare: { directory in
                try writeFile(Self.deck, to: directory.appendingPathComponent("deck.json"))
            }))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            _ = try await Self.waitForLit(session, Self.litGreen, "green")

            try await session.send("n")
            try await session.waitForEvent("cue 1") { $0.name == "cue" && $0.int("index") == 1 }
            _ = try await Self.waitForLit(session, Self.litRed, "red")

            try await session.send("n")
            try await session.waitForEvent("cue 2") { $0.name == "cue" && $0.int("index") == 2 }
            _ = try await Self.waitForLit(session, Self.litBlue, "the sign's blue")

            let say = try await Control.send(["say", "ALERT", "--color", "red", "--static", "--for", "60"], runtime: session.runtimeDirectory)
            #expect(say.status == 0 && say.stderr.isEmpty, "\(say.status) \(say.stderr)")
            try await session.waitForEvent("interrupt") { $0.name == "interrupt" }
            _ = try await Self.waitForLit(session, Self.litRed, "the say's red")
            let status = try await Control.send(["status"], runtime: session.runtimeDirectory)
            let reply = try #require(Control.jsonObject(status.stdout.trimmingCharacters(in: .newlines)), "\(status.stdout)")
            #expect(reply["color"] as? String == "red" && reply["style"] as? String == "dots", "\(reply)")
            #expect((reply["speed"] as? NSNumber)?.doubleValue == 0, "the say is static: \(reply)")

            #expect(try await Control.send(["clear"], runtime: session.runtimeDirectory).status == 0)
            try await session.waitForEvent("interrupt ended") { $0.name == "interruptEnded" }
            _ = try await Self.waitForLit(session, Self.litBlue, "blue again")
            let refused = try await Control.send(["say", "X", "--speed", "5000"], runtime: session.runtimeDirectory)
            #expect(refused.status == 1 && refused.stderr.contains("speed 5000 is out of range: speed is in characters a second now, -20 to 20"), "\(refused.stderr)")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
