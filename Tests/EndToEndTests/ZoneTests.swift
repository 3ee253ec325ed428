import Foundation
import Testing

extension EndToEnd.Timing {
    /// `--zones` on the real sign in tmux (docs/zones.md): a label that holds
    /// still beside a line that scrolls, and both at rest once motion stops.
    @Suite("Zones")
    struct Zones {
        /// The label's cells: `left=30` on a 100-column pane.
        static let labelColumns = 30

        @Test("a left label stands still while the message scrolls beside it; reduce motion stills both")
        func labelBesideScroll() async throws {
            let session = try await Session.start(
                "zones", Launch(arguments: ["--zones", "left=\(Self.labelColumns):OK", "--idle-timeout", "0",
                                            // Short enough to stand whole at rest (not paged).
                                            "SOUP TODAY"]))
            defer { session.close() }
            let label = { (spots: Set<Spot>) in spots.filter { $0.column < Self.labelColumns } }
            let line = { (spots: Set<Spot>) in spots.filter { $0.column >= Self.labelColumns } }
            _ = try await session.waitForLitLEDs(minimum: 10, leftOf: Self.labelColumns)
            let before = try await session.capture().litLEDs(panelRows: session.panelRows)
            #expect(!label(before).isEmpty, "the label is lit: \(before.count) LEDs")
            // The line moves on; the label does not.
            let clock = Stopwatch()
            var after = before
            while clock.elapsed < 5 {
                try await pause(0.2)
                after = try await session.capture().litLEDs(panelRows: session.panelRows)
                if !line(after).isEmpty, line(after) != line(before) { break }
            }
            #expect(line(after) != line(before), "the message scrolls beside the label")
            #expect(label(after) == label(before), "the label holds still")
            // `m`: reduce motion. The message stands at rest, the label too.
            try await session.send("m")
            try await pause(0.5)
            let still = try await session.capture().litLEDs(panelRows: session.panelRows)
            try await pause(1)
            let later = try await session.capture().litLEDs(panelRows: session.panelRows)
            #expect(still == later, "nothing moves with motion reduced")
            #expect(label(later) == label(before), "the label is where it was")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }

        /// A deck whose `"zones"` put a label at one side.
        static func deck(label edge: String) -> String {
            #"{"deck": ["."], "zones": ["\#(edge)=\#(labelColumns):OK"]}"#
        }

        @Test("a -f deck's zones are drawn, and reading the file again brings its new ones")
        func deckZonesReloaded() async throws {
            let session = try await Session.start(
                "deckzones", Launch(arguments: ["--idle-timeout", "0", "--static", "--scale", "1", "-f", "deck.json"], prepare: { directory in
                    try writeFile(Self.deck(label: "left"), to: directory.appendingPathComponent("deck.json"))
                }))
            defer { session.close() }
            // The main sign's "." stands small (one LED a font pixel) in the middle of what the label leaves.
            let leftLabel = try await session.waitForLitLEDs(minimum: 5, leftOf: Self.labelColumns).litLEDs(panelRows: session.panelRows)
            #expect(!leftLabel.contains { $0.column >= 100 - Self.labelColumns }, "no label at the right")
            try writeFile(Self.deck(label: "right"), to: session.directory.appendingPathComponent("deck.json"))
            _ = try await session.waitForEvent("reload", timeout: 6) { $0.name == "reload" }
            let clock = Stopwatch()
            var lit = leftLabel
            while clock.elapsed < 5 {
                lit = try await session.capture().litLEDs(panelRows: session.panelRows)
                if lit.contains(where: { $0.column >= 100 - Self.labelColumns }) { break }
                try await pause(0.2)
            }
            #expect(lit.contains { $0.column >= 100 - Self.labelColumns }, "the label moved to the right")
            #expect(!lit.contains { $0.column < Self.labelColumns }, "and left the left")
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
