/// The brightness steps of a layout's cells follow their lit columns
/// through the layout's own steps (``TextLayout``): a mark overlaid, a
/// kerned pair merged. Worked out once per cell when a message is laid
/// out, never per frame.
extension GlyphLevels {
    /// No steps, `width` columns.
    init(width: Int) {
        self.init(low: [UInt64](repeating: 0, count: width), high: [UInt64](repeating: 0, count: width))
    }

    /// These steps (of a cell whose lit columns are `base`) with `mark`'s
    /// drawn over them where ``GlyphCluster/overlay(_:on:)`` puts the mark
    /// whose lit columns are `litMark`: the same cell, the same offsets.
    func overlaid(_ mark: GlyphLevels, placedAs litMark: [UInt64], on base: [UInt64]) -> GlyphLevels {
        guard let firstLit = litMark.firstIndex(where: { $0 != 0 }),
              let lastLit = litMark.lastIndex(where: { $0 != 0 }) else { return self }
        let offset = (base.count - litMark.count) / 2
        let left = min(0, offset + firstLit)
        let right = max(base.count, offset + lastLit + 1)
        var result = GlyphLevels(width: right - left)
        for x in low.indices {
            result.low[x - left] = low[x]
            result.high[x - left] = high[x]
        }
        for x in firstLit...lastLit where mark.low.indices.contains(x) {
            // A step of the mark over one of the base: the two bits ORed,
            // at least the larger; over a lit LED, the lit LED wins.
            let at = x + offset - left
            result.low[at] |= mark.low[x]
            result.high[at] |= mark.high[x]
        }
        return result
    }

    /// `right`'s steps with the last `overlap` columns of these drawn into
    /// its first ones, as ``PairKerning/merged(_:left:right:)`` does for the
    /// lit columns.
    func merged(_ overlap: Int, with right: GlyphLevels) -> GlyphLevels {
        GlyphLevels(low: PairKerning.merged(overlap, left: low, right: right.low),
                    high: PairKerning.merged(overlap, left: high, right: right.high))
    }
}
