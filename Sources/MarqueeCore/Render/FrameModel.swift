/// A whole frame as a grid of cells: what the screen draws and what
/// `--snapshot` prints. Pure data, so frames are compared and tested without
/// a terminal.
public struct FrameModel: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// The cells, row by row, packed (see `Cell.packed`).
    private(set) var storage: [UInt64]
    /// The colour of every LED ink in the frame: the message's own, nil for
    /// the sign's `--color`. One frame shows one message, so the colour is
    /// the frame's, not each cell's: cells stay one integer, and a frame of
    /// another colour differs from this one (the diff redraws it whole).
    public var ledColor: LEDColor?
    /// The brightness of every LED ink, 1 in full (quiet hours dim it):
    /// like the colour, the frame's, so a dimmed frame differs from the
    /// one before it and is drawn whole in the dimmed colours.
    public var ledBrightness = 1.0
    /// Where the scrolling text stands on the LED panel, set by the composer
    /// so the screen can shift rows on the terminal instead of redrawing
    /// them. A hint only: it takes no part in equality.
    public var panelScroll: PanelScroll?
    /// Rows that may hold a wide character's continuation cell, so the diff
    /// knows which rows cannot be shifted without scanning every row. Like
    /// the hint, no part of equality.
    private(set) var wideRows: [Bool]
    /// Cells per row showing a lit LED (an LED ink of any shade but unlit,
    /// either colour), kept as cells are written: a panel row with none
    /// before and after a scroll step is all unlit LEDs, which the step
    /// leaves as they were, so the screen need not look at it.
    private(set) var litCells: [Int]
    /// The panel as a ring: on `rotatedRows`, logical column `c` of the
    /// first `rotatedWidth` columns is stored at `(c + rotation) %
    /// rotatedWidth`, so a scroll step moves no cell, only this origin
    /// (see `rotatePanel`). Storage only: no part of equality.
    private(set) var rotation = 0
    private(set) var rotatedRows: Range<Int> = 0..<0
    private(set) var rotatedWidth = 0
    /// Which frame this is (no part of equality).
    public private(set) var stamp = FrameStamp.fresh()
    /// How a scroll step made this frame from another, set by the composer
    /// last and dropped by any change after it (no part of equality).
    public internal(set) var step: FrameStep?

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.storage = Array(repeating: Cell.blank.packed, count: self.columns * self.rows)
        self.wideRows = Array(repeating: false, count: self.rows)
        self.litCells = Array(repeating: 0, count: self.rows)
    }

    /// Where the cell at `row`, `column` is stored.
    @inline(__always)
    func index(row: Int, column: Int) -> Int {
        layout.index(row: row, column: column)
    }

    /// How cells are stored: the width and the panel's turn.
    struct Layout {
        let columns: Int
        let rotation: Int
        let rotatedRows: Range<Int>
        let rotatedWidth: Int

        @inline(__always)
        func index(row: Int, column: Int) -> Int {
            guard rotation != 0, column < rotatedWidth, rotatedRows.contains(row) else { return row * columns + column }
            let turned = column + rotation
            return row * columns + (turned < rotatedWidth ? turned : turned - rotatedWidth)
        }
    }

    /// Whether `other` stores every cell where this frame does (the same
    /// turn of the same panel, or neither turned).
    func storesAlike(_ other: FrameModel) -> Bool {
        rotation == other.rotation && (rotation == 0 || (rotatedRows == other.rotatedRows && rotatedWidth == other.rotatedWidth))
    }

    var layout: Layout {
        Layout(columns: columns, rotation: rotation, rotatedRows: rotatedRows, rotatedWidth: rotatedWidth)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { Cell(packed: storage[index(row: row, column: column)]) }
        set { set(newValue.packed, row: row, column: column) }
    }

    /// Writes one packed cell, keeping the per-row records; drops `step`.
    @inline(__always)
    mutating func set(_ packed: UInt64, row: Int, column: Int) {
        if packed == Cell.continuation.packed { wideRows[row] = true }
        let at = index(row: row, column: column)
        let delta = FrameModel.litInks(packed) - FrameModel.litInks(storage[at])
        if delta != 0 { litCells[row] += delta }
        storage[at] = packed
        step = nil
    }

    /// Writes cells of one row through `body`, as the subscript would one by
    /// one, with the row's records (lit cells, wide characters) and the
    /// frame's (`step` dropped) kept once for the run instead of per cell:
    /// the panel painter writes every cell coming into view each scroll
    /// step, and the per-cell bookkeeping was a tenth of a 300x80 scroll's
    /// CPU.
    mutating func writeRow<Result>(_ row: Int, _ body: (inout RowWriter) -> Result) -> Result {
        precondition(row >= 0 && row < rows, "row \(row) outside the frame's \(rows)")
        let turn = rotation != 0 && rotatedRows.contains(row) ? rotation : 0
        let (width, turnedWidth) = (columns, rotatedWidth)
        let (result, litDelta, wide) = storage.withUnsafeMutableBufferPointer { storage in
            var writer = RowWriter(cells: UnsafeMutableBufferPointer(rebasing: storage[(row * width)..<((row + 1) * width)]),
                                   rotation: turn, rotatedWidth: turnedWidth)
            let result = body(&writer)
            return (result, writer.litDelta, writer.wroteContinuation)
        }
        if litDelta != 0 { litCells[row] += litDelta }
        if wide { wideRows[row] = true }
        step = nil
        return result
    }

    /// 1 when a packed cell shows a lit LED (or a colour glyph's) in either
    /// colour, else 0.
    @inline(__always)
    static func litInks(_ packed: UInt64) -> Int {
        let lit = UInt64(Ink.litCodes.lowerBound)...UInt64(Ink.litCodes.upperBound)
        return lit.contains(packed >> 24 & 0xFF) || lit.contains(packed >> 32 & 0xFF) ? 1 : 0
    }

    /// Moves `columns` of each of `rows` by `cells` (positive: left), as a
    /// scroll step moves the panel. The panel is a ring (`rotation`), so
    /// this moves no cell: the cells leaving are where those coming in are
    /// stored, and they still hold what left, for the caller to write over
    /// (every one of them: the composer paints them, the screen's copy
    /// takes them from the step). Work follows the step, not the width.
    mutating func rotatePanel(rows shifted: Range<Int>, columns span: Range<Int>, by cells: Int) {
        guard cells != 0, abs(cells) < span.count else { return }
        precondition(span.lowerBound == 0, "the panel turns from the first column")
        if rotation != 0, rotatedRows != shifted || rotatedWidth != span.upperBound { unrotate() }
        rotatedRows = shifted
        rotatedWidth = span.upperBound
        rotation = ((rotation + cells) % rotatedWidth + rotatedWidth) % rotatedWidth
        step = nil
    }

    /// Stores the panel unturned again (rotation 0): every cell where
    /// `row * columns + column` says.
    mutating func unrotate() {
        guard rotation != 0 else { return }
        let width = columns, turn = rotation, span = rotatedWidth
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var line = [UInt64](repeating: 0, count: span)
            for row in rotatedRows {
                let start = base + row * width
                for column in 0..<span { line[column] = start[(column + turn) % span] }
                line.withUnsafeBufferPointer { start.update(from: $0.baseAddress!, count: span) }
            }
        }
        rotation = 0
    }

    /// Makes this frame equal `other`, in the storage it has when that is
    /// the same size: when `other` is a scroll step of this frame
    /// (`other.step` names this frame's stamp), by taking only what the
    /// step changed — the turn of the panel, the columns it painted and
    /// the rows off the panel — otherwise by copying every cell. The screen
    /// keeps what the terminal shows this way, step after step.
    public mutating func follow(_ other: FrameModel) {
        if let step = other.step, step.base == stamp, columns == other.columns, rows == other.rows,
           step.columns.lowerBound == 0 {
            // This frame is the step's base: turned as the step turned it,
            // it is stored as `other` is, but for the painted columns and
            // the rows off the panel, which are copied where they lie.
            rotatePanel(rows: step.rows, columns: step.columns, by: step.cells)
            let sameLayout = storesAlike(other)
            let width = columns, mine = layout, theirs = other.layout
            storage.withUnsafeMutableBufferPointer { target in
                other.storage.withUnsafeBufferPointer { source in
                    guard let to = target.baseAddress, let from = source.baseAddress else { return }
                    for row in 0..<rows {
                        guard step.rows.contains(row) else {
                            (to + row * width).update(from: from + row * width, count: width)
                            continue
                        }
                        // FrameDiff skips the same rows.
                        if step.keepsDarkRow(litBefore: litCells[row], litAfter: other.litCells[row]) { continue }
                        for column in step.painted {
                            let at = theirs.index(row: row, column: column)
                            to[sameLayout ? at : mine.index(row: row, column: column)] = from[at]
                        }
                    }
                }
            }
            FrameModel.copy(other.wideRows, into: &wideRows)
            FrameModel.copy(other.litCells, into: &litCells)
        } else {
            if columns != other.columns || rows != other.rows { self = FrameModel(columns: other.columns, rows: other.rows) }
            storage.withUnsafeMutableBufferPointer { target in
                other.storage.withUnsafeBufferPointer { source in
                    guard let to = target.baseAddress, let from = source.baseAddress else { return }
                    to.update(from: from, count: source.count)
                }
            }
            FrameModel.copy(other.wideRows, into: &wideRows)
            FrameModel.copy(other.litCells, into: &litCells)
            (rotation, rotatedRows, rotatedWidth) = (other.rotation, other.rotatedRows, other.rotatedWidth)
        }
        ledColor = other.ledColor
        ledBrightness = other.ledBrightness
        panelScroll = other.panelScroll
        stamp = other.stamp
        step = other.step
    }

    /// Copies `source` into `target` element by element when both are the
    /// same length, so the two frames never share the row records' storage:
    /// shared, the next write to either would copy the array, and every
    /// scroll step would allocate and free one (follow runs once a frame).
    private static func copy<Element>(_ source: [Element], into target: inout [Element]) {
        guard source.count == target.count else { target = source; return }
        target.withUnsafeMutableBufferPointer { to in
            source.withUnsafeBufferPointer { from in
                guard let destination = to.baseAddress, let origin = from.baseAddress else { return }
                destination.update(from: origin, count: from.count)
            }
        }
    }

    /// Starts a new generation of this frame: the composer stamps a frame
    /// it has stepped, so the screen can tell it from the one it shows.
    mutating func advanceStamp() {
        stamp = stamp.next
    }

    /// Blanks every cell of `row`.
    mutating func clear(row: Int) {
        let start = row * columns
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (base + start).update(repeating: Cell.blank.packed, count: columns)
        }
        wideRows[row] = false
        litCells[row] = 0
        step = nil
    }

    /// Every cell, row by row.
    public var cells: [Cell] { storage.map(Cell.init(packed:)) }

    /// Writes sanitized text from `column` on `row`, clipped to the frame;
    /// wide characters take two cells and never hang over the right edge.
    /// `ink`, when given, colours it instead of `tone` (a message shown as
    /// plain text keeps its LED colour).
    public mutating func write(_ text: String, row: Int, column: Int, tone: TextTone = .normal, ink: Ink? = nil) {
        let foreground = ink ?? .text(tone)
        guard (0..<rows).contains(row) else { return }
        var x = column
        for scalar in text.unicodeScalars {
            let width = TerminalText.cellWidth(scalar)
            guard width > 0 else { continue }
            if x + width > columns { break }
            if x >= 0 {
                self[row, x] = Cell(scalar, foreground: foreground)
                if width == 2 { self[row, x + 1] = .continuation }
            }
            x += width
        }
    }

    /// Writes the cells of `line` from its cell `from` onwards at `column`
    /// of `row`, until the right edge; a wide character cut by `from` is
    /// left out. Returns the column after the last cell written. Work
    /// follows the cells written, not the line's length.
    @discardableResult
    public mutating func write(_ line: TerminalLine, fromCell from: Int = 0, row: Int, column: Int,
                               tone: TextTone = .normal, ink: Ink? = nil) -> Int {
        guard (0..<rows).contains(row) else { return column }
        let foreground = ink ?? .text(tone)
        // Cells that would stand left of the frame are skipped in one step.
        let first = max(0, from) + max(0, -column)
        let origin = max(0, column) - first
        var end: Int?
        for drawn in line.cells(fromCell: first) {
            let x = origin + drawn.start
            if x + drawn.width > columns { return x }
            self[row, x] = Cell(drawn.scalar, foreground: foreground)
            if drawn.width == 2 { self[row, x + 1] = .continuation }
            end = x + drawn.width
        }
        return end ?? max(0, column) + max(0, line.width - first)
    }

    public static func == (lhs: FrameModel, rhs: FrameModel) -> Bool {
        guard lhs.columns == rhs.columns, lhs.rows == rhs.rows, lhs.ledColor == rhs.ledColor,
              lhs.ledBrightness == rhs.ledBrightness else { return false }
        if lhs.storesAlike(rhs) { return lhs.storage == rhs.storage }
        for row in 0..<lhs.rows {
            for column in 0..<lhs.columns
            where lhs.storage[lhs.index(row: row, column: column)] != rhs.storage[rhs.index(row: row, column: column)] {
                return false
            }
        }
        return true
    }

    /// The frame as plain text, one line per row, trailing spaces trimmed.
    public var text: String {
        var lines: [String] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var line = String.UnicodeScalarView()
            for column in 0..<columns {
                let scalar = self[row, column].scalar
                if scalar != Cell.continuation.scalar { line.append(scalar) }
            }
            var text = String(line)
            while text.last == " " { text.removeLast() }
            lines.append(text)
        }
        return lines.joined(separator: "\n")
    }
}
