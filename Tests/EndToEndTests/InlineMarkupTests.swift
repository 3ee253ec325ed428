import Foundation
import Testing

extension EndToEnd.Screens {
    /// Inline markup on the real sign in tmux (docs/display.md, "Inline
    /// markup"): a `{red}` span on an amber sign is red at 256 colours and
    /// on a Linux console's 8, and a `{blink}` span goes dark and comes back
    /// while the rest stays lit.
    @Suite("Inline markup")
    struct InlineMarkupOnScreen {
        /// The lit LEDs' colours, and how many there are.
        static func lit(_ session: Session) async throws -> (colours: Set<Int>, count: Int) {
            let cells = try await session.capture().cells(of: "●", panelRows: session.panelRows)
            // Unlit LEDs are `●` too at 256 colours, in the amber ladder's
            // darkest entry; on the console they are `·`.
            let lit = cells.compactMap(\.1).filter { $0 != 94 }
            return (Set(lit), lit.count)
        }

        @Test("a red span on an amber sign is red, at 256 colours and at 8", arguments: [
            ("tmux-256color", Set([214, 196])), ("linux", Set([3, 1])),
        ])
        func colour(term: String, expected: Set<Int>) async throws {
            let session = try await Session.start("markup", Launch(arguments: ["--static", "-c", "amber", "AB {red}CD{/}"], term: term))
            defer { session.close() }
            let colours = try await waitFor("amber and red LEDs", timeout: 10, context: session.diagnostics) { () async throws -> Set<Int>? in
                let seen = try await Self.lit(session).colours
                return seen.isSuperset(of: expected) ? seen : nil
            }
            #expect(colours.isSuperset(of: expected), "\(colours.sorted())")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        @Test("a blink span goes dark for half of each second; the rest of the message stays lit")
        func blink() async throws {
            let session = try await Session.start("markupblink", Launch(arguments: ["--static", "-c", "amber", "AB {blink}CD{/}"]))
            defer { session.close() }
            var counts = Set<Int>()
            _ = try await waitFor("both halves of the blink", timeout: 10, context: session.diagnostics) { () async throws -> Bool? in
                let count = try await Self.lit(session).count
                if count > 0 { counts.insert(count) }
                try await Task.sleep(nanoseconds: 100_000_000)
                return counts.count >= 2 ? true : nil
            }
            #expect(counts.count >= 2 && counts.min()! > 0, "\(counts.sorted())")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
