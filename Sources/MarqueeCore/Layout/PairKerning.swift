/// A font's pair kerning in whole LEDs, as ``TextLayout`` applies it
/// (docs/display.md, "Fonts"): a pair is set closer only as far as their
/// inks stay apart, a dark LED between them across and down, and the left
/// glyph keeps at least one column of its own; a pair is set apart by at
/// most ``maximumGap`` columns. Worked out once per pair of glyphs when a
/// message is laid out, never per frame.
///
/// ```swift
/// let a: [UInt64] = [0b100, 0b010, 0b001]  // a falling diagonal
/// let v: [UInt64] = [0b001, 0b010, 0b100]  // a rising one
/// PairKerning.overlap(-2, left: a, right: v)  // 1: one more and they touch
/// ```
enum PairKerning {
    /// The most columns a font may set a pair apart: the tallest line box.
    static let maximumGap = Glyph.maximumHeight

    /// How many columns `right` may start inside `left` (both on the shared
    /// baseline, bit 0 the top row) for a negative `kerning`: at most
    /// `-kerning`, fewer where the inks would meet, never all of `left`
    /// (its cell would vanish) nor more than `right` is wide.
    static func overlap(_ kerning: Int, left: [UInt64], right: [UInt64]) -> Int {
        var overlap = min(-kerning, left.count - 1, right.count)
        while overlap > 0, !keepsApart(overlap, left: left, right: right) { overlap -= 1 }
        return max(0, overlap)
    }

    /// Whether `right` moved `overlap` columns into `left` lights no LED of
    /// `left`, nor one beside, above or below one of `left`'s.
    static func keepsApart(_ overlap: Int, left: [UInt64], right: [UInt64]) -> Bool {
        func near(_ x: Int) -> UInt64 {
            guard left.indices.contains(x) else { return 0 }
            return left[x] | left[x] << 1 | left[x] >> 1
        }
        for column in 0...min(overlap, right.count - 1) where right[column] != 0 {
            let x = left.count - overlap + column
            let neighbours = near(x) | (left.indices.contains(x - 1) ? left[x - 1] : 0)
                | (left.indices.contains(x + 1) ? left[x + 1] : 0)
            if right[column] & neighbours != 0 { return false }
        }
        return true
    }

    /// `right`'s columns with the last `overlap` of `left` drawn into its
    /// first ones: the cell that starts inside `left` shows both.
    static func merged(_ overlap: Int, left: [UInt64], right: [UInt64]) -> [UInt64] {
        var columns = right
        for column in 0..<overlap { columns[column] |= left[left.count - overlap + column] }
        return columns
    }
}
