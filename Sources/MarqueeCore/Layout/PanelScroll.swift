/// Where a frame's LED panel is and where its text starts. Two frames whose
/// panels differ only by the text's position differ, row by row, by a
/// shift: `shift(since:)` says how many cells.
public struct PanelScroll: Sendable, Equatable {
    /// Frame rows the panel occupies.
    public var rows: Range<Int>
    /// Frame columns the panel occupies.
    public var columns: Range<Int>
    /// Panel (LED) column where the text's first column stands.
    public var textStart: Int
    /// Terminal cells per LED column, doubled so braille (two LEDs a cell) is whole.
    public var halfCellsPerLED: Int

    public init(rows: Range<Int>, columns: Range<Int>, textStart: Int, halfCellsPerLED: Int) {
        self.rows = rows
        self.columns = columns
        self.textStart = textStart
        self.halfCellsPerLED = halfCellsPerLED
    }

    /// Cells the panel's content moved left since `earlier`, when it moved
    /// left by a whole number of cells on the same panel; nil otherwise
    /// (moved right, wrapped round, or another layout).
    public func shift(since earlier: PanelScroll) -> Int? {
        guard rows == earlier.rows, columns == earlier.columns, halfCellsPerLED == earlier.halfCellsPerLED else { return nil }
        let halfCells = (earlier.textStart - textStart) * halfCellsPerLED
        guard halfCells > 0, halfCells % 2 == 0 else { return nil }
        return halfCells / 2
    }
}
