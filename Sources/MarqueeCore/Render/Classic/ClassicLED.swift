/// One big LED of the classic grid, `size` units square: `2 * size`
/// cells wide and `size` rows tall, each cell one character of the disc
/// (or square) in the LED's colour over the dark gap (docs/display.md,
/// "LED grids"). Worked out once a frame for the whole panel: every LED
/// has the same cells.
struct ClassicLED {
    let size: Int
    /// The cells of the LED row by row (`2 * size` a row); nil is gap.
    private let lit: [Unicode.Scalar?]
    /// The unlit LED when unlit LEDs are told apart by glyph (no colour, or
    /// too few colours for a dim shade): a dot at its centre, the rest gap.
    private let unlitMark: [Unicode.Scalar?]

    /// Of a pitch of one LED, how much the LED itself spans (the rest is
    /// the gap around it): across for a round LED, side for a square one.
    static let roundDiameter = 0.8
    static let squareSide = 0.7

    init(size: Int, grid: LEDGrid, repertoire: GlyphRepertoire) {
        let size = max(1, size)
        self.size = size
        let width = 2 * size
        var cells = [Unicode.Scalar?](repeating: nil, count: width * size)
        if size == 1 {
            // One row of two cells: the disc is the round LED glyph, the
            // square the full block, then the gap.
            cells[0] = grid == .square ? "█" : "●"
        } else {
            for row in 0..<size {
                for column in 0..<width {
                    cells[row * width + column] = ClassicLED.cell(column: column, row: row, size: size, grid: grid,
                                                                  repertoire: repertoire)
                }
            }
        }
        lit = cells
        var mark = [Unicode.Scalar?](repeating: nil, count: width * size)
        mark[(size / 2) * width + (size == 1 ? 0 : size - 1)] = "·"
        if size > 1 { mark[(size / 2) * width + size] = "·" }
        unlitMark = mark
    }

    /// The character of the LED's cell at `column`, `row` (in cells from its
    /// top left): lit, or unlit in its dim colour, or the unlit mark when
    /// `unlitByGlyph`; nil is the gap.
    @inline(__always)
    func cell(column: Int, row: Int, lit isLit: Bool, unlitByGlyph: Bool) -> Unicode.Scalar? {
        let index = row * 2 * size + column
        return isLit || !unlitByGlyph ? lit[index] : unlitMark[index]
    }

    /// Quadrant characters by which of a cell's four quarters are inked:
    /// bit 0 upper left, 1 upper right, 2 lower left, 3 lower right.
    static let quadrants: [Unicode.Scalar?] = [
        nil, "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    /// A cell of an LED of more than one row. Its four quarters are inked
    /// where their centres fall inside the LED; the Linux console's fonts
    /// have no quarter or half blocks, so there a cell is whole or gap, by
    /// whether three of its quarters are in.
    private static func cell(column: Int, row: Int, size: Int, grid: LEDGrid, repertoire: GlyphRepertoire) -> Unicode.Scalar? {
        // In square units: a cell is 1 wide and 2 tall, the LED 2s by 2s,
        // its centre at (s, s).
        let centre = Double(size)
        var bits = 0
        for quarter in 0..<4 {
            let x = Double(column) + (quarter & 1 == 0 ? 0.25 : 0.75) - centre
            let y = Double(2 * row) + (quarter & 2 == 0 ? 0.5 : 1.5) - centre
            let inside: Bool
            switch grid {
            case .square:
                let half = squareSide * centre
                inside = abs(x) <= half && abs(y) <= half
            case .round, .fine:
                let radius = roundDiameter * centre
                inside = x * x + y * y <= radius * radius
            }
            if inside { bits |= 1 << quarter }
        }
        switch repertoire {
        case .unicode:
            return quadrants[bits]
        case .linuxConsole:
            return bits.nonzeroBitCount >= 3 ? "█" : nil
        }
    }
}
