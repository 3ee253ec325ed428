import Foundation
import Testing

extension EndToEnd.Screens {
    /// The classic sign on a real terminal (`--leds round|square`,
    /// docs/display.md, "LED grids"): big LEDs drawn from quarter blocks,
    /// lit and unlit in two colours over the dark gap, moving whole LEDs.
    @Suite("Classic LED grid")
    struct ClassicGrid {
        /// The characters a disc of two rows is drawn with, top then bottom.
        static let disc: Set<Character> = ["▗", "▟", "▙", "▖", "▝", "▜", "▛", "▘"]

        /// The LED area's cells drawn in disc characters, by colour.
        static func discColours(_ screen: Screen, panelRows: Int) -> [Int?: Int] {
            var counts: [Int?: Int] = [:]
            for row in screen.rows.prefix(panelRows) {
                for cell in row where disc.contains(cell.character) { counts[cell.foreground, default: 0] += 1 }
            }
            return counts
        }

        @Test("--leds round at 200x50: discs of quarter blocks, lit red and unlit dark red, that move by whole LEDs")
        func roundLEDs() async throws {
            let launch = Launch(arguments: ["--leds", "round", "--no-control", "HELLO WORLD FROM THE LED MARQUEE"],
                                columns: 200, rows: 50)
            let session = try await Session.start("classic", launch)
            defer { session.close() }
            let first = try await waitFor("lit discs", timeout: 10, context: session.diagnostics) { () async throws -> Screen? in
                let screen = try await session.capture()
                return (Self.discColours(screen, panelRows: session.panelRows)[Screen.litRed] ?? 0) >= 40 ? screen : nil
            }
            let colours = Self.discColours(first, panelRows: session.panelRows)
            #expect(Set(colours.keys) == [Screen.litRed, Screen.unlitRed], "\(colours)")
            // A disc is 4 cells by 2 rows at this size: the LED grid's
            // columns stay where they are, only which LEDs are lit moves.
            let grid = { (screen: Screen) -> Set<Int> in
                Set(screen.rows.prefix(session.panelRows).flatMap { row in
                    row.enumerated().filter { $0.element.character == "▗" }.map(\.offset)
                })
            }
            let moved = try await waitFor("the text to move", timeout: 10, context: session.diagnostics) { () async throws -> Screen? in
                let screen = try await session.capture()
                return screen != first ? screen : nil
            }
            #expect(grid(moved) == grid(first))
            #expect(grid(first).allSatisfy { $0 % 4 == 0 }, "\(grid(first).sorted())")
        }
    }
}
