/// The colours of a colour glyph's LEDs (an emoji from a colour font,
/// docs/display.md, "Colour emoji"): one byte per LED of the line box,
/// column by column, as the glyph is read; 0 where the glyph has no
/// colour, else 1 + the ``LEDPixelColor`` index. Which LEDs are lit is
/// still ``Glyph/columns`` (the colour glyph's alpha), so a terminal
/// without the colours draws the glyph's shape in the sign's colour.
///
/// ```swift
/// var colors = GlyphColors(columns: 1, height: 2)
/// colors[0, 1] = LEDPixelColor(red: 255, green: 0, blue: 0)
/// colors[0, 1]?.rgb  // (255, 0, 0)
/// ```
public struct GlyphColors: Sendable, Equatable {
    /// Rows a column: the glyph's line box.
    public let height: Int
    /// `height` bytes a column.
    public private(set) var cells: [UInt8]

    public init(columns: Int, height: Int) {
        self.height = max(0, height)
        cells = [UInt8](repeating: 0, count: max(0, columns) * self.height)
    }

    /// Columns there are.
    public var columns: Int { height == 0 ? 0 : cells.count / height }

    /// The colour of the LED at column `x`, row `row`; nil where it has none
    /// or outside.
    public subscript(x: Int, row: Int) -> LEDPixelColor? {
        get {
            guard x >= 0, row >= 0, row < height, x * height + row < cells.count else { return nil }
            let value = cells[x * height + row]
            return value == 0 ? nil : LEDPixelColor(index: value - 1)
        }
        set {
            guard x >= 0, row >= 0, row < height, x * height + row < cells.count else { return }
            cells[x * height + row] = newValue.map { $0.index + 1 } ?? 0
        }
    }

    /// The same colours with blank columns added up to `columns`.
    public func widened(to newColumns: Int) -> GlyphColors {
        var result = self
        if newColumns > columns { result.cells += [UInt8](repeating: 0, count: (newColumns - columns) * height) }
        return result
    }

    /// The same colours in a line box of `height` rows whose top is `shift`
    /// rows above this one's (the layout's shared baseline).
    func shifted(by shift: Int, height newHeight: Int) -> GlyphColors {
        var result = GlyphColors(columns: columns, height: newHeight)
        for x in 0..<columns {
            for row in 0..<height where row + shift < newHeight {
                result.cells[x * newHeight + row + shift] = cells[x * height + row]
            }
        }
        return result
    }
}
