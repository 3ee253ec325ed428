import MarqueeCore
import Testing
@testable import MarqueeApp

/// The height an outline font is drawn at on the classic grid
/// (`MessageLayouts.classicHeight`, docs/display.md, "LED grids").
@Suite("Classic grid font height")
struct ClassicHeightTests {
    @Test("--rows-of-leds is the height, at most a glyph's 64 rows")
    func asked() {
        #expect(MessageLayouts.classicHeight(rowsOfLEDs: 16, columns: 200, ledAreaRows: 48, letterWidth: 0.6) == 16)
        #expect(MessageLayouts.classicHeight(rowsOfLEDs: 64, columns: 80, ledAreaRows: 20, letterWidth: 0.6) == 64)
    }

    @Test("fill: as tall as LEDs of two units and six letters across allow, never below the least outline height",
          arguments: [(80, 22), (200, 48), (240, 65), (400, 110)])
    func fill(columns: Int, rows: Int) {
        let letter = 0.6
        let height = MessageLayouts.classicHeight(rowsOfLEDs: nil, columns: columns, ledAreaRows: rows, letterWidth: letter)
        #expect(height >= FontSizing.minimumLineHeight && height <= Glyph.maximumHeight)
        let units = Double(columns / 2)
        if height > FontSizing.minimumLineHeight {
            #expect(6 * 2 * letter * Double(height) <= units, "\(columns)x\(rows): \(height) rows")
            #expect(height * 2 <= rows)
            // One row more would break one of the two.
            #expect(6 * 2 * letter * Double(height + 1) > units || (height + 1) * 2 > rows || height == Glyph.maximumHeight)
        }
    }
}
