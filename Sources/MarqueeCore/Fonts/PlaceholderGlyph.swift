/// The hollow box ("tofu") shown for a character no font has, so a missing
/// glyph is visible on the sign instead of silently vanishing.
///
/// It answers every scalar, which makes it a natural last link of a
/// ``FallbackGlyphSource`` chain:
///
/// ```swift
/// let box = PlaceholderGlyph(ascent: 7, descent: 2)
/// let chain = FallbackGlyphSource([font, unifont, box])
/// ```
///
/// The box stands on the baseline and is as tall as the ascent (less one row
/// of headroom in tall fonts), so it reads like a capital letter of the font
/// it replaces; it is about three fifths as wide as tall, plus one blank
/// column of spacing.
public struct PlaceholderGlyph: GlyphSource, Equatable {
    /// The box itself, in the line box it was made for.
    public let glyph: Glyph

    public init(ascent: Int, descent: Int) {
        let ascent = max(0, ascent)
        let descent = max(0, descent)
        let height = min(ascent + descent, Glyph.maximumHeight)
        guard height > 0 else {
            glyph = Glyph(columns: [0], ascent: 0, descent: 0)
            return
        }
        let top: Int
        let bottom: Int
        if ascent >= 3 {
            top = ascent >= 8 ? 1 : 0
            bottom = min(ascent, height) - 1
        } else {
            // Too little room above the baseline for a box; use the whole line.
            top = 0
            bottom = height - 1
        }
        let boxHeight = bottom - top + 1
        let boxWidth = max(min(boxHeight, 3), (3 * boxHeight + 4) / 5)
        let side = (UInt64.max >> UInt64(64 - boxHeight)) << UInt64(top)
        let edges = (UInt64(1) << UInt64(top)) | (UInt64(1) << UInt64(bottom))
        var columns = [UInt64](repeating: edges, count: boxWidth)
        columns[0] = side
        columns[boxWidth - 1] = side
        columns.append(0)
        glyph = Glyph(columns: columns, ascent: min(ascent, height), descent: height - min(ascent, height))
    }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        glyph
    }
}
