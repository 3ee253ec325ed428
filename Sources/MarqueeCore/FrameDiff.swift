/// What changed between two frames, row by row: the cells to write, and for
/// LED panel rows whose content only moved left, the shift that turns the
/// old row into (nearly) the new one, so a terminal can delete a few
/// characters instead of rewriting every edge of every lit LED.
///
/// Pure, so the screen's drawing decisions are tested without a terminal.
///
/// ```swift
/// let diff = FrameDiff(from: previous, to: frame, canShift: true)
/// diff.forEachRow(in: 0..<frame.rows) { row, shift in
///     if shift > 0 { terminal.deleteCharacters(row: row, count: shift) }
/// } cell: { row, column, cell in
///     terminal.put(cell, row: row, column: column)
/// }
/// ```
public struct FrameDiff {
    public let old: FrameModel?
    public let new: FrameModel
    /// Cells every panel row moved left since `old` (0: no shift to try).
    public let shift: Int
    private let shiftRows: Range<Int>

    /// `canShift`: the terminal can delete characters. `old` of another size
    /// is no help: everything is drawn.
    public init(from old: FrameModel?, to new: FrameModel, canShift: Bool) {
        let old = old?.columns == new.columns && old?.rows == new.rows ? old : nil
        self.old = old
        self.new = new
        if canShift, let now = new.panelScroll, let before = old?.panelScroll,
           let cells = now.shift(since: before), cells < new.columns / 2 {
            shift = cells
            shiftRows = now.rows
        } else {
            shift = 0
            shiftRows = 0..<0
        }
    }

    /// For each row in `rows`: `row(row, shift)` first (shift 0: none; else
    /// the row is to be moved `shift` cells left, blanks coming in at the
    /// right), then `cell` for each cell that then still differs. Wide
    /// characters' continuation cells are never reported. Returns whether
    /// anything changed.
    @discardableResult
    public func forEachRow(in rows: Range<Int>, row visitRow: (Int, Int) -> Void,
                           cell visitCell: (Int, Int, Cell) -> Void) -> Bool {
        var changed = false
        let columns = new.columns
        let blank = Cell.blank, continuation = Cell.continuation
        new.cells.withUnsafeBufferPointer { cells in
            for row in rows {
                let line = cells[(row * columns)..<(row * columns + columns)]
                guard let old else {
                    for column in 0..<columns where line[row * columns + column] != continuation {
                        visitCell(row, column, line[row * columns + column])
                        changed = true
                    }
                    continue
                }
                old.cells.withUnsafeBufferPointer { previous in
                    let before = previous[(row * columns)..<(row * columns + columns)]
                    let base = row * columns
                    let offset = shiftRows.contains(row) && Self.isShifted(line, from: before, by: shift) ? shift : 0
                    visitRow(row, offset)
                    if offset > 0 { changed = true }
                    let reach = columns - offset
                    for column in 0..<columns {
                        let cell = line[base + column]
                        let was = column < reach ? before[base + column + offset] : blank
                        if cell == was || cell == continuation { continue }
                        visitCell(row, column, cell)
                        changed = true
                    }
                }
            }
        }
        return changed
    }

    /// Whether `line` is `before` moved `cells` left, give or take an
    /// eighth of the row, and not simply unchanged. Rows holding wide
    /// characters are never shifted (half a character cannot move).
    static func isShifted(_ line: Slice<UnsafeBufferPointer<Cell>>, from before: Slice<UnsafeBufferPointer<Cell>>,
                          by cells: Int) -> Bool {
        guard cells > 0 else { return false }
        let start = line.startIndex
        let columns = line.count
        guard (0..<columns).contains(where: { line[start + $0] != before[start + $0] }) else { return false }
        let tolerance = columns / 8
        let continuation = Cell.continuation
        var mismatches = 0
        for column in 0..<columns {
            let cell = line[start + column]
            if cell == continuation || before[start + column] == continuation { return false }
            if column + cells < columns, cell != before[start + column + cells] {
                mismatches += 1
                if mismatches > tolerance { return false }
            }
        }
        return true
    }
}
