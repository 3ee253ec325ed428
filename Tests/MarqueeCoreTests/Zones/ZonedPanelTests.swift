@testable import MarqueeCore
import Testing

/// A picture of a zoned sign's LEDs (docs/zones.md, "Pictures"): every
/// part at its region's place in LED units, the gaps between as gap.
@Suite("A zoned sign's LED panel")
struct ZonedPanelTests {
    static let lit = Ink.led(.lit, hue: 0)
    static let unlit = Ink.led(.unlit, hue: 0)

    /// A panel of `columns` x `rows` LEDs, all `ink`.
    static func panel(_ columns: Int, _ rows: Int, _ ink: Ink) -> LEDPanel {
        LEDPanel(columns: columns, rows: rows, shape: .square, fill: ink)
    }

    @Test("fine grid, half blocks: each part copied LED for LED at its cells, a cell a column and two rows")
    func fine() {
        // A 3-cell label at the left, the main sign on the 7 cells after it,
        // a line below both: 10 x 3 cells, 10 x 6 LEDs.
        let parts = [
            LEDPanel.Part(panel: Self.panel(3, 4, Self.lit), pitch: 1, column: 0, row: 0),
            LEDPanel.Part(panel: Self.panel(7, 4, Self.unlit), pitch: 1, column: 3, row: 0),
            LEDPanel.Part(panel: Self.panel(10, 2, Self.lit), pitch: 1, column: 0, row: 2),
        ]
        let picture = LEDPanel.placing(parts, pitch: 1, style: .half, columns: 10, rows: 3)
        #expect(picture.columns == 10 && picture.rows == 6)
        for row in 0..<6 {
            for column in 0..<10 {
                let expected = row >= 4 || column < 3 ? Self.lit : Self.unlit
                #expect(picture[column, row] == expected, "LED \(column), \(row)")
            }
        }
    }

    @Test("dots take two cells an LED: a region starting mid-LED starts at the next whole one, and what no part covers is gap")
    func halfLED() {
        // A 3-cell label (one LED) and the main sign from cell 3 (LED 2):
        // LED 1 straddles both regions and shows the gap.
        let parts = [
            LEDPanel.Part(panel: Self.panel(1, 2, Self.lit), pitch: 1, column: 0, row: 0),
            LEDPanel.Part(panel: Self.panel(3, 2, Self.unlit), pitch: 1, column: 3, row: 0),
        ]
        let picture = LEDPanel.placing(parts, pitch: 1, style: .dots, columns: 9, rows: 2)
        #expect(picture.columns == 5 && picture.rows == 2)
        #expect((0..<5).map { picture[$0, 1] } == [Self.lit, .plain, Self.unlit, Self.unlit, Self.unlit])
    }

    @Test("classic grid: a zone of smaller LEDs is read at the main sign's, under each one's first unit")
    func classic() {
        // Main LEDs of 4 units; a zone of 2-unit LEDs, its columns alternately lit.
        var zone = Self.panel(4, 2, Self.unlit)
        for row in 0..<2 {
            zone[0, row] = Self.lit
            zone[2, row] = Self.lit
        }
        let parts = [LEDPanel.Part(panel: zone, pitch: 2, column: 0, row: 0)]
        let picture = LEDPanel.placing(parts, pitch: 4, style: .braille, columns: 4, rows: 1)
        #expect(picture.columns == 2 && picture.rows == 1)
        #expect(picture[0, 0] == Self.lit && picture[1, 0] == Self.lit)
    }
}
