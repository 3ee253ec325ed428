/// How bright one LED is: unlit (the dim grid of a real sign), three steps of
/// a fade, or fully lit.
public enum LEDShade: UInt8, Sendable, Hashable, CaseIterable {
    case unlit, glow1, glow2, glow3, lit

    /// The shade a lit LED shows at `brightness` 0…1 (a fade); 0 is unlit.
    public static func lit(brightness: Double) -> LEDShade {
        guard brightness.isFinite else { return .lit }
        let step = Int((min(max(brightness, 0), 1) * 4).rounded())
        return LEDShade(rawValue: UInt8(step)) ?? .lit
    }
}

/// The role of plain (non-LED) text; the terminal picks the attributes.
public enum TextTone: UInt8, Sendable, Hashable {
    case normal, dim, bright, inverse
}

/// What colour a cell's foreground or background takes, as a meaning rather
/// than a terminal colour number: the screen maps it to what the terminal can do.
public enum Ink: Sendable, Hashable {
    /// The terminal's default colour.
    case plain
    /// An LED of the sign's colour (`hue` picks the slot of a rainbow; 0 otherwise).
    case led(LEDShade, hue: UInt8)
    /// Plain text in a tone.
    case text(TextTone)
}

/// One terminal cell of a frame. A wide character's second cell holds
/// `Cell.continuation` and is skipped when drawing.
public struct Cell: Sendable, Hashable {
    public var scalar: Unicode.Scalar
    public var foreground: Ink
    public var background: Ink

    public init(_ scalar: Unicode.Scalar, foreground: Ink = .plain, background: Ink = .plain) {
        self.scalar = scalar
        self.foreground = foreground
        self.background = background
    }

    public static let blank = Cell(" ")
    public static let continuation = Cell("\u{0}")
}

/// A whole frame as a grid of cells: what the screen draws and what
/// `--snapshot` prints. Pure data, so frames are compared and tested without
/// a terminal.
public struct FrameModel: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]
    /// Where the scrolling text stands on the LED panel, set by the composer
    /// so the screen can shift rows on the terminal instead of redrawing
    /// them. A hint only: it takes no part in equality.
    public var panelScroll: PanelScroll?

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

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

    public static func == (lhs: FrameModel, rhs: FrameModel) -> Bool {
        lhs.columns == rhs.columns && lhs.rows == rhs.rows && lhs.cells == rhs.cells
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

/// The LED panel's rows and the column its text starts at, in a frame. Two
/// frames whose panels differ only by the text's position differ, row by
/// row, by a shift: `shift(since:)` says how many cells.
public struct PanelScroll: Sendable, Equatable {
    /// Frame rows the panel occupies.
    public var rows: Range<Int>
    /// Panel (LED) column where the text's first column stands.
    public var textStart: Int
    /// Terminal cells per LED column, doubled so braille (two LEDs a cell) is whole.
    public var halfCellsPerLED: Int

    public init(rows: Range<Int>, textStart: Int, halfCellsPerLED: Int) {
        self.rows = rows
        self.textStart = textStart
        self.halfCellsPerLED = halfCellsPerLED
    }

    /// Cells the panel's content moved left since `earlier`, when it moved
    /// left by a whole number of cells on the same panel; nil otherwise
    /// (moved right, wrapped round, or another layout).
    public func shift(since earlier: PanelScroll) -> Int? {
        guard rows == earlier.rows, halfCellsPerLED == earlier.halfCellsPerLED else { return nil }
        let halfCells = (earlier.textStart - textStart) * halfCellsPerLED
        guard halfCells > 0, halfCells % 2 == 0 else { return nil }
        return halfCells / 2
    }
}
