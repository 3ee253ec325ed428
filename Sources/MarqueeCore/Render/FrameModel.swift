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

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.storage = Array(repeating: Cell.blank.packed, count: self.columns * self.rows)
        self.wideRows = Array(repeating: false, count: self.rows)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { Cell(packed: storage[row * columns + column]) }
        set {
            let packed = newValue.packed
            if packed == Cell.continuation.packed { wideRows[row] = true }
            storage[row * columns + column] = packed
        }
    }

    /// Moves `columns` of each of `rows` by `cells` (positive: left), as a
    /// scroll step moves the panel; the cells coming in are left blank for
    /// the caller to paint. Work follows the rows, not what they show.
    mutating func shift(rows: Range<Int>, columns span: Range<Int>, by cells: Int) {
        guard cells != 0, abs(cells) < span.count else { return }
        let kept = span.count - abs(cells)
        let width = columns
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in rows {
                let start = base + row * width + span.lowerBound
                if cells > 0 {
                    (start).update(from: start + cells, count: kept)
                    (start + kept).update(repeating: Cell.blank.packed, count: cells)
                } else {
                    (start - cells).update(from: start, count: kept)
                    start.update(repeating: Cell.blank.packed, count: -cells)
                }
            }
        }
    }

    /// Makes this frame a copy of `other`, of the same size, in the
    /// storage it has: no allocation when this frame's storage is its own
    /// (the screen keeps what the terminal shows this way, frame after frame).
    public mutating func assign(from other: FrameModel) {
        precondition(other.columns == columns && other.rows == rows, "assign(from:) needs a frame of the same size")
        storage.withUnsafeMutableBufferPointer { target in
            other.storage.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                to.update(from: from, count: source.count)
            }
        }
        wideRows.withUnsafeMutableBufferPointer { target in
            other.wideRows.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                to.update(from: from, count: source.count)
            }
        }
        ledColor = other.ledColor
        ledBrightness = other.ledBrightness
        panelScroll = other.panelScroll
    }

    /// Blanks every cell of `row`.
    mutating func clear(row: Int) {
        let start = row * columns
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (base + start).update(repeating: Cell.blank.packed, count: columns)
        }
        wideRows[row] = false
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
        lhs.columns == rhs.columns && lhs.rows == rhs.rows && lhs.ledColor == rhs.ledColor
            && lhs.ledBrightness == rhs.ledBrightness && lhs.storage == rhs.storage
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
