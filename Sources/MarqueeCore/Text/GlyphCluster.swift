/// A base character and the combining marks drawn over it: one cell of a
/// ``TextLayout``, and the key its drawing is cached under.
struct GlyphCluster: Hashable {
    /// `nil` for marks with no character before them (a line that starts
    /// with a mark): they get a blank cell of their own.
    var base: Unicode.Scalar?
    var marks: [Unicode.Scalar] = []

    /// Groups visual scalars into cells. Ignored scalars vanish, and so do
    /// marks `keepMark` rejects (the font lacks them: the base alone reads
    /// better than a box per accent). `started` is told the index in
    /// `scalars` each cell starts at (a markup span's style is its first
    /// scalar's).
    static func split(_ scalars: [Unicode.Scalar], keepMark: (Unicode.Scalar) -> Bool,
                      started: (Int) -> Void = { _ in }) -> [GlyphCluster] {
        var clusters: [GlyphCluster] = []
        clusters.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated() {
            switch ScalarRole(scalar) {
            case .ignored:
                continue
            case .base:
                clusters.append(GlyphCluster(base: scalar))
                started(index)
            case .mark:
                guard keepMark(scalar) else { continue }
                if clusters.isEmpty {
                    clusters.append(GlyphCluster(base: nil))
                    started(index)
                }
                clusters[clusters.count - 1].marks.append(scalar)
            }
        }
        return clusters
    }

    /// Draws `mark` over `base` (columns already on one baseline). The mark
    /// is centred on the base with its cell intact, so a mark drawn for
    /// overlay in a cell as wide as the base (GNU Unifont's combining
    /// marks) lands exactly where its designer put it; the cell grows only
    /// if lit columns of the mark fall outside the base (an enclosing
    /// circle, a wide mark on a narrow glyph of another font).
    static func overlay(_ mark: [UInt64], on base: [UInt64]) -> [UInt64] {
        guard let firstLit = mark.firstIndex(where: { $0 != 0 }),
              let lastLit = mark.lastIndex(where: { $0 != 0 })
        else { return base }
        let offset = (base.count - mark.count) / 2
        let left = min(0, offset + firstLit)
        let right = max(base.count, offset + lastLit + 1)
        var columns = [UInt64](repeating: 0, count: right - left)
        for (x, column) in base.enumerated() { columns[x - left] = column }
        for x in firstLit...lastLit { columns[x + offset - left] |= mark[x] }
        return columns
    }
}
