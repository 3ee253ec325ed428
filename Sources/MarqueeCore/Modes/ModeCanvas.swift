/// The sign's LEDs as a mode sees them: one shade per LED (unlit, the three
/// glow steps, lit) and a rainbow hue per column, in whole LEDs (a big LED
/// of the classic grid is one). A transition or a stay mode that draws
/// through the mode path is a pure function from the message's canvas
/// (``ModeComposer`` reads it from the sign's own painter) to the frame's.
/// Its size is the panel's, never the text's: a mode's work per frame
/// follows the panel, whatever the message's length. A zone would hand a
/// mode the canvas of its own region.
public struct ModeCanvas: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// ``LEDShade`` raw values, row by row.
    public private(set) var shades: [UInt8]
    /// The rainbow's hue slot of each column (0 without a rainbow).
    public var hues: [UInt8]
    /// The colour of each LED of the message at rest that has one of its
    /// own (a markup span's, a colour glyph's), row by row: 0 for the
    /// sign's colour, else 1 + the ``LEDPixelColor`` index. Empty when no
    /// LED has one. Kept by ``blank`` (a transition lights the message's
    /// LEDs where they stand) and moved by ``shifted(dx:dy:)``.
    public var colors: [UInt8] = []

    /// A canvas of `columns` x `rows` LEDs, all unlit.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        shades = Array(repeating: LEDShade.unlit.rawValue, count: self.columns * self.rows)
        hues = Array(repeating: 0, count: self.columns)
    }

    /// The same size and hues, every LED unlit.
    public var blank: ModeCanvas {
        var canvas = ModeCanvas(columns: columns, rows: rows)
        canvas.hues = hues
        canvas.colors = colors
        return canvas
    }

    /// The shade of the LED at `column`, `row`; unlit outside the canvas.
    @inline(__always)
    public subscript(column: Int, row: Int) -> LEDShade {
        get {
            guard column >= 0, column < columns, row >= 0, row < rows else { return .unlit }
            return LEDShade(rawValue: shades[row * columns + column]) ?? .unlit
        }
        set {
            guard column >= 0, column < columns, row >= 0, row < rows else { return }
            shades[row * columns + column] = newValue.rawValue
        }
    }

    /// The own colour of the LED at `column`, `row` (see ``colors``); 0
    /// outside the canvas or without one.
    @inline(__always)
    public func color(_ column: Int, _ row: Int) -> UInt8 {
        guard !colors.isEmpty, column >= 0, column < columns, row >= 0, row < rows else { return 0 }
        return colors[row * columns + column]
    }

    /// Gives the LED at `column`, `row` its own colour.
    mutating func setColor(_ color: LEDPixelColor, _ column: Int, _ row: Int) {
        guard column >= 0, column < columns, row >= 0, row < rows else { return }
        if colors.isEmpty { colors = Array(repeating: 0, count: columns * rows) }
        colors[row * columns + column] = color.index + 1
    }

    /// Whether the LED at `column`, `row` is lit.
    @inline(__always)
    public func isLit(_ column: Int, _ row: Int) -> Bool { self[column, row] == .lit }

    /// Calls `body` with the column and row of each lit LED, row by row:
    /// the transitions that move or time each LED on its own.
    public func forEachLit(_ body: (Int, Int) -> Void) {
        for row in 0..<rows {
            for column in 0..<columns where shades[row * columns + column] == LEDShade.lit.rawValue { body(column, row) }
        }
    }

    /// Whether column `column` has a lit LED.
    public func columnIsLit(_ column: Int) -> Bool {
        guard column >= 0, column < columns else { return false }
        return (0..<rows).contains { shades[$0 * columns + column] == LEDShade.lit.rawValue }
    }

    /// Whether row `row` has a lit LED.
    public func rowIsLit(_ row: Int) -> Bool {
        guard row >= 0, row < rows else { return false }
        return shades[(row * columns)..<(row * columns + columns)].contains(LEDShade.lit.rawValue)
    }

    /// The columns holding lit LEDs, as runs: the letters, in reading order
    /// left to right (a gap of one dark column or more ends a run). A
    /// letter-by-letter transition reveals them one by one.
    public var litRuns: [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for column in 0...columns {
            let lit = column < columns && columnIsLit(column)
            if lit, start == nil { start = column }
            if !lit, let first = start {
                runs.append(first..<column)
                start = nil
            }
        }
        return runs
    }

    /// The lit LEDs' bounding columns and rows; nil when none is lit.
    public var litBounds: (columns: Range<Int>, rows: Range<Int>)? {
        let lit = (0..<columns).filter(columnIsLit)
        let litRows = (0..<rows).filter(rowIsLit)
        guard let first = lit.first, let last = lit.last, let top = litRows.first, let bottom = litRows.last else { return nil }
        return (first..<(last + 1), top..<(bottom + 1))
    }

    /// This canvas with every LED for which `keeps` is false unlit.
    public func masked(_ keeps: (Int, Int) -> Bool) -> ModeCanvas {
        var result = self
        for row in 0..<rows {
            for column in 0..<columns where !keeps(column, row) { result[column, row] = .unlit }
        }
        return result
    }

    /// This canvas's LEDs moved right by `dx` and down by `dy` (negative:
    /// left, up); what comes in is unlit, and each column keeps its hue.
    public func shifted(dx: Int, dy: Int) -> ModeCanvas {
        var result = blank
        for row in 0..<rows {
            for column in 0..<columns {
                result[column, row] = self[column - dx, row - dy]
                if !colors.isEmpty { result.colors[row * columns + column] = color(column - dx, row - dy) }
            }
        }
        return result
    }
}
