/// What changed between two frames, row by row: the cells to write, and for
/// LED panel rows whose content only moved left, the shift that turns the
/// old row into the new one but for the cells coming into view, so a
/// terminal can delete a few characters instead of rewriting every edge of
/// every lit LED.
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
    /// Cells the panel's content moved left since `old` (0: no shift to try).
    public let shift: Int
    /// The frame rows and columns the shift applies to.
    private let shiftedRows: Range<Int>
    private let shiftedColumns: Range<Int>
    /// `new.step` when it names `old` as its base: `new` is then known to
    /// be `old` shifted on those rows but for the cells coming into view,
    /// so the rows are not compared to find it out.
    private let knownStep: FrameStep?

    /// `canShift`: the terminal can delete characters. An `old` of another
    /// size or LED colour is no help: everything is drawn (a cell's inks
    /// are the same numbers in either colour).
    public init(from old: FrameModel?, to new: FrameModel, canShift: Bool) {
        let old = old?.columns == new.columns && old?.rows == new.rows && old?.ledColor == new.ledColor
            && old?.ledBrightness == new.ledBrightness ? old : nil
        self.old = old
        self.new = new
        // Shifts delete from the row's first column, so the panel must start there.
        if canShift, let old, let step = new.step, step.base == old.stamp, step.cells > 0, step.columns.lowerBound == 0,
           step.columns.upperBound <= new.columns, step.cells < step.columns.count / 2 {
            (shift, shiftedRows, shiftedColumns, knownStep) = (step.cells, step.rows, step.columns, step)
        } else if canShift, let now = new.panelScroll, now.columns.lowerBound == 0, now.columns.upperBound <= new.columns,
           let before = old?.panelScroll, let cells = now.shift(since: before), cells < now.columns.count / 2 {
            (shift, shiftedRows, shiftedColumns, knownStep) = (cells, now.rows, now.columns, nil)
        } else {
            (shift, shiftedRows, shiftedColumns, knownStep) = (0, 0..<0, 0..<0, nil)
        }
    }

    /// For each row in `rows`: `row(row, shift)` first (shift 0: none; else
    /// the row is to be moved `shift` cells left from its first column,
    /// blanks coming in at the right), then `cell` for each cell that then
    /// still differs. Wide characters' continuation cells are never
    /// reported. Returns whether anything changed.
    @discardableResult
    public func forEachRow(in rows: Range<Int>, row visitRow: (Int, Int) -> Void,
                           cell visitCell: (Int, Int, Cell) -> Void) -> Bool {
        forEachChange(in: rows, row: visitRow) { row, column, packed in visitCell(row, column, packed.cell) }
    }

    /// `forEachRow`, with each cell as the frame stores it: what the
    /// terminal painter reads, so no cell is decoded only to be encoded.
    @discardableResult
    public func forEachChange(in rows: Range<Int>, row visitRow: (Int, Int) -> Void,
                              cell visitCell: (Int, Int, PackedCell) -> Void) -> Bool {
        let columns = new.columns
        let continuation = Cell.continuation.packed
        let blank = Cell.blank.packed
        var changed = false
        // Rows of a turned panel are read into these in order when they
        // must be compared cell by cell.
        let scratch = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * max(1, columns))
        defer { scratch.deallocate() }
        new.storage.withUnsafeBufferPointer { now in
            guard let old else {
                for row in rows {
                    let line = FrameDiff.row(row, of: new, in: now, scratch: scratch, at: 0)
                    for column in 0..<columns where line[column] != continuation {
                        visitCell(row, column, PackedCell(bits: line[column]))
                        changed = true
                    }
                }
                return
            }
            old.storage.withUnsafeBufferPointer { before in
                for row in rows {
                    // A row of a known scroll step: moved, then only the
                    // cells coming into view (and any right of the panel,
                    // which the terminal moved with it) are looked at. A
                    // row of unlit LEDs only, before and after, stays.
                    if let knownStep, shiftedRows.contains(row), !new.wideRows[row], !old.wideRows[row] {
                        if knownStep.keepsDarkRow(litBefore: old.litCells[row], litAfter: new.litCells[row]) {
                            visitRow(row, 0)
                            continue
                        }
                        visitRow(row, shift)
                        changed = true
                        for column in (shiftedColumns.upperBound - shift)..<columns {
                            let cell = now[new.index(row: row, column: column)]
                            let was = column < columns - shift ? before[old.index(row: row, column: column + shift)] : blank
                            if cell == was || cell == continuation { continue }
                            visitCell(row, column, PackedCell(bits: cell))
                        }
                        continue
                    }
                    let line = FrameDiff.row(row, of: new, in: now, scratch: scratch, at: 0)
                    let was = FrameDiff.row(row, of: old, in: before, scratch: scratch, at: columns)
                    // Most rows of a scroll step are unchanged (dark rows)
                    // or shifted: both are told by a block compare, so the
                    // cells are looked at one by one only where they differ.
                    if FrameDiff.equal(line, 0, was, 0, count: columns) {
                        visitRow(row, 0)
                        continue
                    }
                    let offset = isShifted(row: row, line, from: was) ? shift : 0
                    visitRow(row, offset)
                    if offset > 0 { changed = true }
                    // After a shift the row holds was[column + offset], and
                    // blanks in the last `offset` columns; `isShifted` found it
                    // equal to the new row up to the cells coming into view.
                    let reach = columns - offset
                    let first = offset > 0 ? shiftedColumns.upperBound - offset : 0
                    for column in first..<columns {
                        let cell = line[column]
                        let previous = column < reach ? was[column + offset] : blank
                        if cell == previous || cell == continuation { continue }
                        visitCell(row, column, PackedCell(bits: cell))
                        changed = true
                    }
                }
            }
        }
        return changed
    }

    /// `row` of `frame` (whose storage is `storage`) in column order: where
    /// it is stored, or, on a turned panel, read into `scratch` from `at`.
    private static func row(_ row: Int, of frame: FrameModel, in storage: UnsafeBufferPointer<UInt64>,
                            scratch: UnsafeMutableBufferPointer<UInt64>, at: Int) -> UnsafeBufferPointer<UInt64> {
        let columns = frame.columns
        guard frame.rotation != 0, frame.rotatedRows.contains(row) else {
            return UnsafeBufferPointer(rebasing: storage[(row * columns)..<(row * columns + columns)])
        }
        for column in 0..<columns { scratch[at + column] = storage[frame.index(row: row, column: column)] }
        return UnsafeBufferPointer(rebasing: scratch[at..<(at + columns)])
    }

    /// Whether `count` cells from `a[i]` equal those from `b[j]`. In blocks
    /// of eight without an early exit inside a block, so the compiler can
    /// vectorise it: a 300-cell row is a few dozen instructions.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt64>, _ i: Int, _ b: UnsafeBufferPointer<UInt64>, _ j: Int,
                      count: Int) -> Bool {
        guard count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        let x = pa + i, y = pb + j
        var k = 0
        while k + 8 <= count {
            var d: UInt64 = 0
            for m in 0..<8 { d |= x[k + m] ^ y[k + m] }
            if d != 0 { return false }
            k += 8
        }
        while k < count {
            if x[k] != y[k] { return false }
            k += 1
        }
        return true
    }

    /// Whether `row` of the panel (known to have changed; both rows in
    /// column order) is the old row moved `shift` cells left, exactly,
    /// across the panel but for the cells coming in at its right edge. A
    /// row holding wide characters is never shifted (half a character
    /// cannot move).
    private func isShifted(row: Int, _ now: UnsafeBufferPointer<UInt64>, from before: UnsafeBufferPointer<UInt64>) -> Bool {
        guard shift > 0, shiftedRows.contains(row), let old else { return false }
        // Only rows written with wide characters can hold continuations.
        guard !new.wideRows[row], !old.wideRows[row] else { return false }
        return FrameDiff.equal(now, 0, before, shift, count: shiftedColumns.upperBound - shift)
    }
}
