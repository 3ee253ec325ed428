/// A whole frame as a grid of cells: what the screen draws and what
/// `--snapshot` prints. Pure data, so frames are compared and tested without
/// a terminal.
public struct FrameModel: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// The cells, row by row, packed (see `Cell.packed`).
    private(set) var storage: [UInt64]
    /// Where the scrolling text stands on the LED panel, set by the composer
    /// so the screen can shift rows on the terminal instead of redrawing
    /// them. A hint only: it takes no part in equality.
    public var panelScroll: PanelScroll?

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.storage = Array(repeating: Cell.blank.packed, count: self.columns * self.rows)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { Cell(packed: storage[row * columns + column]) }
        set { storage[row * columns + column] = newValue.packed }
    }

    /// Every cell, row by row.
    public var cells: [Cell] { storage.map(Cell.init(packed:)) }

    /// Writes sanitized text from `column` on `row`, clipped to the frame;
    /// wide characters take two cells and never hang over the right edge.
    public mutating func write(_ text: String, row: Int, column: Int, tone: TextTone = .normal) {
        guard (0..<rows).contains(row) else { return }
        var x = column
        for scalar in text.unicodeScalars {
            let width = TerminalText.cellWidth(scalar)
            guard width > 0 else { continue }
            if x + width > columns { break }
            if x >= 0 {
                self[row, x] = Cell(scalar, foreground: .text(tone))
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
                               tone: TextTone = .normal) -> Int {
        guard (0..<rows).contains(row) else { return column }
        // Cells that would stand left of the frame are skipped in one step.
        let first = max(0, from) + max(0, -column)
        var index = line.firstScalar(atOrAfterCell: first)
        guard index < line.scalars.count else { return max(0, column) + max(0, line.width - first) }
        var x = max(0, column) + line.starts[index] - first
        while index < line.scalars.count {
            let width = line.cells(at: index)
            if x + width > columns { break }
            self[row, x] = Cell(line.scalars[index], foreground: .text(tone))
            if width == 2 { self[row, x + 1] = .continuation }
            x += width
            index += 1
        }
        return x
    }

    public static func == (lhs: FrameModel, rhs: FrameModel) -> Bool {
        lhs.columns == rhs.columns && lhs.rows == rhs.rows && lhs.storage == rhs.storage
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
