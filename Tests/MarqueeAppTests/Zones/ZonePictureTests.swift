import MarqueeCore
import Testing
@testable import MarqueeApp

/// Pictures of a zoned sign (`--export`, `--snapshot --png`, `send
/// snapshot --png`: docs/zones.md, "Pictures") show the whole sign as the
/// terminal frame does: the main sign and every zone at their places.
@Suite("Pictures of a zoned sign")
@MainActor
struct ZonePictureTests {
    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    func sign(_ zones: [String], text: String, columns: Int, rows: Int) throws -> VirtualSign {
        var settings = PlayerSettings()
        settings.zones = try zones.map { try SignZone(parsing: $0) }
        settings.style = .half
        settings.staticText = true
        settings.idleTimeout = 0
        // Unlit LEDs a glyph of their own: the frame's text shows the lit ones.
        settings.monochrome = true
        return VirtualSign(cues: [Cue(text: text)], settings: settings, fonts: Self.fonts, columns: columns, rows: rows,
                           wallStart: 1_750_000_000)
    }

    /// The LED columns with a lit LED.
    static func litColumns(_ panel: LEDPanel) -> [Int] {
        (0..<panel.columns).filter { column in
            (0..<panel.rows).contains { if case .led(.lit, _) = panel[column, $0] { true } else { false } }
        }
    }

    /// The cell rows (two LED rows each, in half blocks) with a lit LED.
    static func litCellRows(_ panel: LEDPanel) -> [Int] {
        (0..<panel.rows / 2).filter { cell in
            (0..<panel.columns).contains { column in
                [2 * cell, 2 * cell + 1].contains { if case .led(.lit, _) = panel[column, $0] { true } else { false } }
            }
        }
    }

    /// The frame's first `rows` rows with anything drawn.
    static func drawnRows(_ frame: FrameModel, rows: Int) -> [Int] {
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows)
        return lines.indices.filter { lines[$0].contains { $0 != " " } }
    }

    /// The terminal columns with anything drawn in the frame's first `rows` rows.
    static func drawnColumns(_ frame: FrameModel, rows: Int) -> [Int] {
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).map { Array($0) }
        let width = lines.map(\.count).max() ?? 0
        return (0..<width).filter { column in lines.contains { column < $0.count && $0[column] != " " } }
    }

    @Test("a left label: its lit LEDs stand left of the main sign's, across the terminal's width")
    func leftLabel() throws {
        let sign = try sign(["left:OPEN"], text: "SOUP", columns: 64, rows: 8)
        sign.run(until: 1)
        let picture = sign.leds(at: 1)
        // Half blocks: an LED column a cell, so the picture spans the terminal.
        #expect(picture.columns == 64)
        // The widest run of dark columns parts the label from the main sign.
        let lit = Self.litColumns(picture)
        let gap = zip(lit, lit.dropFirst()).max { $0.1 - $0.0 < $1.1 - $1.0 }
        let label = lit.filter { $0 <= (gap?.0 ?? -1) }, main = lit.filter { $0 >= (gap?.1 ?? .max) }
        #expect(!label.isEmpty && !main.isEmpty, "lit columns \(lit)")
        #expect(label.allSatisfy { $0 < 32 }, "OPEN at the left, SOUP beside it")
    }

    @Test("half blocks, every zone's edge: the picture's lit columns and rows are the terminal frame's drawn ones", arguments: [
        ["left:OPEN"], ["right:9:41"], ["bottom:Today 9-5"], ["top:HI", "left:OPEN", "right:!", "bottom:Sat 10-4"],
    ])
    func asTheFrame(zones: [String]) throws {
        // Large enough that every part's letters are LEDs, not plain text.
        let sign = try sign(zones, text: "SOUP", columns: 96, rows: 30)
        sign.run(until: 1)
        let picture = sign.leds(at: 1)
        let frame = sign.frame(at: 1)
        #expect(picture.columns == 96)
        #expect(Self.litColumns(picture) == Self.drawnColumns(frame, rows: picture.rows / 2))
        #expect(Self.litCellRows(picture) == Self.drawnRows(frame, rows: picture.rows / 2))
        #expect(!picture.showsPlainText)
    }
}
