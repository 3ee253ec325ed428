extension FrameModel {
    /// Copies `source`'s rows `rows` into this frame, its column 0 at
    /// `column` and its first row of them at `row`; what falls outside this
    /// frame is left out. Written through ``writeRow(_:_:)``, so the rows'
    /// records (lit cells, wide characters) stay true and the frame is no
    /// scroll step any more. The cost is the cells copied.
    /// `only`: the source's columns to copy (all of them when nil), as a
    /// scroll step copies the columns it painted.
    mutating func paste(_ source: FrameModel, rows: Range<Int>, atRow row: Int, column: Int, only: Range<Int>? = nil) {
        let span = max(0, min(source.columns, columns - column))
        guard column >= 0, span > 0 else { return }
        let copied = (only ?? 0..<span).clamped(to: 0..<span)
        let layout = source.layout
        for sourceRow in rows.clamped(to: 0..<source.rows) {
            let target = row + sourceRow - rows.lowerBound
            guard target >= 0, target < self.rows else { continue }
            writeRow(target) { cells in
                for x in copied {
                    cells.set(packed: source.storage[layout.index(row: sourceRow, column: x)], column: column + x)
                }
            }
        }
    }
}
