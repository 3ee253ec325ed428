/// One character's bitmap, stored column by column because a scroller reads
/// the text a column at a time.
///
/// Bit `r` of `columns[x]` is the pixel in row `r` counted from the top of
/// the glyph's line box; the line box is `ascent` rows above the baseline and
/// `descent` rows below it, so glyphs from different fonts share a baseline.
///
/// ```swift
/// let bar = Glyph(columns: [0b111], ascent: 3, descent: 0)
/// bar.isLit(x: 0, row: 2) // true
/// ```
public struct Glyph: Sendable, Equatable {
    /// Pixel columns including the glyph's own spacing; this is its advance.
    public var columns: [UInt64]
    /// Rows of the line box above the baseline.
    public var ascent: Int
    /// Rows of the line box below the baseline.
    public var descent: Int
    /// The LEDs the glyph covers in part, in brightness steps; nil for a
    /// one-bit glyph (every font but an outline one through FreeType).
    public var levels: GlyphLevels?
    /// A colour glyph's own colours (an emoji); nil for every other glyph.
    public var colors: GlyphColors?

    /// The largest line box a glyph may have (one bit a row in `UInt64`).
    public static let maximumHeight = 64

    public init(columns: [UInt64], ascent: Int, descent: Int, levels: GlyphLevels? = nil, colors: GlyphColors? = nil) {
        precondition(ascent >= 0 && descent >= 0 && ascent + descent <= Glyph.maximumHeight)
        precondition(levels.map { $0.low.count == columns.count } ?? true)
        self.columns = columns
        self.ascent = ascent
        self.descent = descent
        self.levels = levels
        self.colors = colors
    }

    /// Width in pixel columns, spacing included.
    public var advance: Int { columns.count }
    /// Height of the line box in rows.
    public var height: Int { ascent + descent }

    /// Whether the pixel at column `x`, row `row` (from the top of the line
    /// box) is lit; anything outside the glyph is unlit.
    public func isLit(x: Int, row: Int) -> Bool {
        guard columns.indices.contains(x), row >= 0, row < height else { return false }
        return columns[x] >> UInt64(row) & 1 == 1
    }

    /// Builds a glyph from text rows of `#` (lit) and any other character
    /// (unlit); handy in tests and for the built-in font.
    public init(rows: [String], ascent: Int) {
        let width = rows.map(\.count).max() ?? 0
        var columns = [UInt64](repeating: 0, count: width)
        for (row, line) in rows.enumerated() {
            for (x, character) in line.enumerated() where character == "#" {
                columns[x] |= 1 << UInt64(row)
            }
        }
        self.init(columns: columns, ascent: ascent, descent: rows.count - ascent)
    }
}
