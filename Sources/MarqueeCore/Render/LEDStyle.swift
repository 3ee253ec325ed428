/// How LEDs are drawn in terminal cells. Each style fixes how many LEDs one
/// cell holds; cells are about twice as tall as wide, so every style keeps
/// LEDs roughly square.
public enum LEDStyle: String, Sendable, Hashable, CaseIterable {
    /// Round LEDs (`●`) with a visible unlit grid, one LED per two columns.
    case dots
    /// Square pixels, one LED per two columns.
    case blocks
    /// Half-block pixels: two LEDs per cell, stacked.
    case half
    /// Braille dots: two by four LEDs per cell.
    case braille

    /// LED rows in one terminal row.
    public var ledRowsPerCell: Int {
        switch self {
        case .dots, .blocks: 1
        case .half: 2
        case .braille: 4
        }
    }

    /// Terminal columns per LED column, doubled so braille (two LED
    /// columns a cell) is a whole number: 4 for dots and blocks, 2 for
    /// half blocks, 1 for braille.
    public var halfCellsPerLED: Int {
        switch self {
        case .dots, .blocks: 4
        case .half: 2
        case .braille: 1
        }
    }

    /// LED columns that fit in `cellColumns` terminal columns.
    public func ledColumns(inCells cellColumns: Int) -> Int {
        cellColumns * 2 / halfCellsPerLED
    }
}
