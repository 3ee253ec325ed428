import Foundation
import Testing

extension EndToEnd.Screens {
    /// Colour emoji and the brightness keys on the real sign in tmux at 256
    /// colours (docs/display.md, "Colour emoji", "Brightness").
    @Suite("Colour emoji and brightness keys")
    struct ColourEmojiOnScreen {
        /// The red sign's own palette entries: unlit, the fade's steps, lit.
        static let redLadder: Set<Int> = [52, 88, 124, 160, 196]

        @Test("🍕 is drawn in colours of its own beside the red letters")
        func pizza() async throws {
            let session = try await Session.start("emoji", Launch(arguments: ["--static", "HOT \u{1F355}"]))
            defer { session.close() }
            let colours = try await waitFor("the emoji's colours", timeout: 10, context: session.diagnostics) { () async throws -> Set<Int>? in
                let cells = try await session.capture().cells(of: "●", panelRows: session.panelRows)
                let seen = Set(cells.compactMap(\.1))
                return seen.contains(196) && seen.subtracting(Self.redLadder).count >= 3 ? seen : nil
            }
            #expect(colours.subtracting(Self.redLadder).count >= 3, "\(colours.sorted())")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        @Test("[ dims the sign a step and says so on the status line; ] brings it back")
        func keys() async throws {
            let session = try await Session.start("brightkeys", Launch(arguments: ["--static", "HI"]))
            defer { session.close() }
            _ = try await session.waitForLitLEDs()
            try await session.send("[")
            _ = try await session.waitForText("brightness 90%")
            try await session.send("]")
            _ = try await session.waitForText("brightness 100%")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
