/// A message set in glyphs: where each glyph starts, on one shared baseline.
/// Built once per message; a frame then reads only the columns it shows, so
/// per-frame work does not grow with the message's length.
///
/// ```swift
/// let layout = TextLayout(text: "HI", font: LEDFont.builtIn)
/// layout.column(at: 0)   // bit mask of lit rows in the first column of "H"
/// ```
public struct TextLayout: Sendable {
    /// Rows above the shared baseline (the largest of the glyphs used).
    public let ascent: Int
    /// Rows below the shared baseline.
    public let descent: Int
    /// Total width in pixel columns.
    public let width: Int
    /// Whether some character had no glyph anywhere and shows as a box.
    public let usedPlaceholder: Bool
    /// The rows any glyph of this text lights, top row first: the sign is
    /// scaled to fit these, so "ON AIR" (no accents, no descenders) fills
    /// the height instead of leaving the empty rows of the line box.
    public let inkRows: Range<Int>

    /// Distinct glyphs, already shifted onto the shared baseline.
    private let glyphs: [[UInt64]]
    /// Each of `glyphs`' brightness steps (``GlyphLevels``, same indices and
    /// widths); empty when no glyph of the text has any, so a one-bit font's
    /// layout costs what it did.
    private let levels: [GlyphLevels]

    /// Whether some glyph has LEDs in brightness steps (``levels(at:)``).
    public var hasLevels: Bool { !levels.isEmpty }
    /// Each of `glyphs`' colours (a colour glyph's, ``GlyphColors``), on
    /// the shared line box; empty when no glyph of the text has any.
    let colors: [GlyphColors?]

    /// Whether some glyph is a colour glyph (``color(at:row:)``).
    public var hasColors: Bool { !colors.isEmpty }
    /// The inline markup style (``MarkupStyle``) of each placed glyph;
    /// empty when the text has no span, so a plain message's layout costs
    /// what it did.
    private let spans: [UInt8]

    /// Whether some span of the text has a colour or blinks (``marked(at:blinkedOff:)``).
    public var hasMarkup: Bool { !spans.isEmpty }
    /// Whether some span blinks.
    public let blinks: Bool
    /// Whether some span has a colour (a blink alone draws in the sign's
    /// colour, on the painter's fast path).
    public let hasSpanColors: Bool
    /// Start column of each placed glyph, ascending.
    private let starts: [Int32]
    /// Index into `glyphs` for each placed glyph.
    private let glyphIndices: [Int32]

    public var height: Int { ascent + descent }

    /// The letter height the speed and the size are counted in: the line
    /// box, ascent and descent, in font pixels (11 for the built-in font;
    /// a font's pixel size for a BDF one). A character of `--speed` is
    /// half of it, an en (docs/scroll-clock.md, "Speed").
    public var em: Int { max(1, ascent + descent) }

    /// The average advance of the Latin letters `font` has (a-z, A-Z),
    /// in font pixels: what "six letters in view" counts
    /// (``ScreenGeometry/lettersInView``); nil when it has none. 5.79 for
    /// the built-in font.
    public static func averageLetterWidth(font: any GlyphSource) -> Double? {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).flatMap { [Unicode.Scalar($0), Unicode.Scalar($0 - 32)] }
        let advances = letters.compactMap { font.glyph(for: $0)?.columns.count }
        guard !advances.isEmpty else { return nil }
        return Double(advances.reduce(0, +)) / Double(advances.count)
    }

    /// Lays out `text` (already sanitized) with `font` as written: in visual
    /// order, composed and shaped (see ``VisualText``; at most
    /// ``VisualText/maximumScalars`` scalars, the rest is cut). Combining
    /// marks the font has are overlaid on the glyph before them; joiners,
    /// variation selectors and marks the font lacks are skipped. Characters
    /// it lacks become a placeholder box the height of the line. Pairs are
    /// kerned as the font says (``GlyphSource/kerning(_:_:)``, only
    /// FreeType's fonts have any), within ``PairKerning``'s bounds.
    public init(text: String, font: any GlyphSource) {
        var found: [Unicode.Scalar: Glyph] = [:]
        var missing = Set<Unicode.Scalar>()
        func lookUp(_ scalar: Unicode.Scalar) -> Glyph? {
            if let glyph = found[scalar] { return glyph }
            if missing.contains(scalar) { return nil }
            let glyph = font.glyph(for: scalar)
            if let glyph { found[scalar] = glyph } else { missing.insert(scalar) }
            return glyph
        }
        // A text with markup keeps each cell's style: its first scalar's.
        let styled = MarkupText.hasMarkers(text)
        let visual: (scalars: [Unicode.Scalar], styles: [MarkupStyle]) = styled ? VisualText.styledScalars(text) : (VisualText.scalars(text), [])
        var cellStyles: [MarkupStyle] = []
        let clusters = GlyphCluster.split(visual.scalars, keepMark: { lookUp($0) != nil },
                                          started: { if styled { cellStyles.append(visual.styles[$0]) } })
        var usedPlaceholder = false
        for cluster in clusters {
            if let base = cluster.base, lookUp(base) == nil { usedPlaceholder = true }
        }
        // With no glyph at all, the built-in font's line box.
        let ascent = found.values.map(\.ascent).max() ?? 9
        let descent = found.values.map(\.descent).max() ?? 2
        let box = PlaceholderGlyph(ascent: ascent, descent: descent).glyph
        func onBaseline(_ glyph: Glyph) -> [UInt64] {
            let shift = UInt64(ascent - glyph.ascent)
            return glyph.columns.map { $0 << shift }
        }
        // Steps are kept only when a glyph has any; each cell's then
        // follows its lit columns through baseline, marks and kerning.
        let graded = found.values.contains { $0.levels != nil }
        let colored = found.values.contains { $0.colors != nil }
        func colorsOnBaseline(_ glyph: Glyph?) -> GlyphColors? {
            glyph?.colors?.shifted(by: ascent - glyph!.ascent, height: ascent + descent)
        }
        func levelsOnBaseline(_ glyph: Glyph) -> GlyphLevels {
            let shift = UInt64(ascent - glyph.ascent)
            guard let levels = glyph.levels else { return GlyphLevels(width: glyph.columns.count) }
            return GlyphLevels(low: levels.low.map { $0 << shift }, high: levels.high.map { $0 << shift })
        }

        var glyphs: [[UInt64]] = []
        var levels: [GlyphLevels] = []
        var colors: [GlyphColors?] = []
        var indexOf: [GlyphCluster: Int32] = [:]
        var starts: [Int32] = []
        var glyphIndices: [Int32] = []
        var spans: [UInt8] = []
        starts.reserveCapacity(clusters.count)
        glyphIndices.reserveCapacity(clusters.count)
        // A kerned pair is worked out once for each pair of cells: how far
        // the second moves and, set closer, its cell with the first's tail.
        var kerned: [KernedPair: (shift: Int, index: Int32)] = [:]
        let kerns = font.hasKerning
        var previous: (base: Unicode.Scalar?, index: Int32)?
        var x = 0
        for (clusterIndex, cluster) in clusters.enumerated() {
            let index: Int32
            if let known = indexOf[cluster] {
                index = known
            } else {
                let markGlyphs = cluster.marks.compactMap { found[$0] }
                let marks = markGlyphs.map(onBaseline)
                var columns: [UInt64]
                var cellLevels: GlyphLevels
                if let base = cluster.base {
                    columns = onBaseline(found[base] ?? box)
                    cellLevels = graded ? levelsOnBaseline(found[base] ?? box) : GlyphLevels(width: 0)
                } else {
                    columns = [UInt64](repeating: 0, count: marks.first?.count ?? 0)
                    cellLevels = GlyphLevels(width: columns.count)
                }
                for (mark, glyph) in zip(marks, markGlyphs) {
                    if graded { cellLevels = cellLevels.overlaid(levelsOnBaseline(glyph), placedAs: mark, on: columns) }
                    columns = GlyphCluster.overlay(mark, on: columns)
                }
                // A mark that widens a colour glyph's cell moves it: its
                // colours are then dropped (its shape stays, in the sign's colour).
                let baseColors = cluster.base.flatMap { colorsOnBaseline(found[$0]) }
                if colored { colors.append(baseColors?.columns == columns.count ? baseColors : nil) }
                glyphs.append(columns)
                if graded { levels.append(cellLevels) }
                index = Int32(glyphs.count - 1)
                indexOf[cluster] = index
            }
            // A cell of no columns would hide the next one from column(at:).
            if glyphs[Int(index)].isEmpty { continue }
            var placed = (shift: 0, index: index)
            // Kerning between two glyphs the font drew (not boxes): set
            // closer, the cell starts inside the one before and carries its
            // tail; set apart, the columns between are dark.
            if kerns, let previous, let left = previous.base, let right = cluster.base, found[left] != nil, found[right] != nil {
                let pair = KernedPair(left: previous.index, right: index)
                if let known = kerned[pair] {
                    placed = known
                } else {
                    let kerning = font.kerning(left, right)
                    if kerning > 0 {
                        placed.shift = min(kerning, PairKerning.maximumGap)
                    } else if kerning < 0 {
                        let before = glyphs[Int(previous.index)], after = glyphs[Int(index)]
                        let overlap = PairKerning.overlap(kerning, left: before, right: after)
                        if overlap > 0 {
                            glyphs.append(PairKerning.merged(overlap, left: before, right: after))
                            if graded { levels.append(levels[Int(previous.index)].merged(overlap, with: levels[Int(index)])) }
                            if colored { colors.append(colors[Int(index)]) }
                            placed = (-overlap, Int32(glyphs.count - 1))
                        }
                    }
                    kerned[pair] = placed
                }
            }
            let start = x + placed.shift
            guard start + glyphs[Int(placed.index)].count < Int(Int32.max) else { break }
            starts.append(Int32(start))
            glyphIndices.append(placed.index)
            if styled { spans.append(cellStyles[clusterIndex].rawValue) }
            x = start + glyphs[Int(placed.index)].count
            previous = (cluster.base, placed.index)
        }
        self.ascent = ascent
        self.descent = descent
        self.width = x
        self.usedPlaceholder = usedPlaceholder
        let ink = glyphs.reduce(UInt64(0)) { $0 | $1.reduce(0, |) }
        if ink == 0 {
            self.inkRows = 0..<(ascent + descent)
        } else {
            self.inkRows = ink.trailingZeroBitCount..<(64 - ink.leadingZeroBitCount)
        }
        self.glyphs = glyphs
        self.levels = levels
        self.colors = colors
        self.starts = starts
        self.glyphIndices = glyphIndices
        self.spans = spans.contains { $0 != 0 } ? spans : []
        blinks = spans.contains { MarkupStyle(rawValue: $0).blinks }
        hasSpanColors = spans.contains { MarkupStyle(rawValue: $0).color != nil }
    }

    /// Two neighbouring cells, by their index into `glyphs`.
    private struct KernedPair: Hashable {
        var left: Int32
        var right: Int32
    }

    /// Lit rows of pixel column `x` (bit 0 = top row of the line box); 0
    /// outside the text.
    public func column(at x: Int) -> UInt64 {
        guard x >= 0, x < width else { return 0 }
        let placed = self.placed(at: x)
        let columns = glyphs[Int(glyphIndices[placed])]
        let offset = x - Int(starts[placed])
        return offset < columns.count ? columns[offset] : 0
    }

    /// Lit rows of pixel column `x` as ``column(at:)``, none when its span
    /// blinks and `blinkedOff`, and the span's style (``MarkupStyle/plain``
    /// outside one): one search for both, as a frame reads them per panel
    /// column it paints.
    public func marked(at x: Int, blinkedOff: Bool) -> (mask: UInt64, style: MarkupStyle) {
        guard x >= 0, x < width else { return (0, .plain) }
        let placed = self.placed(at: x)
        let style = spans.isEmpty ? .plain : MarkupStyle(rawValue: spans[placed])
        if blinkedOff, style.blinks { return (0, style) }
        let columns = glyphs[Int(glyphIndices[placed])]
        let offset = x - Int(starts[placed])
        return (offset < columns.count ? columns[offset] : 0, style)
    }

    /// The brightness steps of pixel column `x` (``GlyphLevels``: an LED's
    /// step is `low | high << 1`); zero outside the text or when the text
    /// has none. A frame reads them for the columns it shows, as it reads
    /// ``column(at:)``.
    public func levels(at x: Int) -> (low: UInt64, high: UInt64) {
        guard hasLevels, x >= 0, x < width else { return (0, 0) }
        let placed = self.placed(at: x)
        let cell = levels[Int(glyphIndices[placed])]
        let offset = x - Int(starts[placed])
        return offset < cell.low.count ? (cell.low[offset], cell.high[offset]) : (0, 0)
    }

    /// Where the colours of pixel column `x` are: the cell's colours and
    /// the column within them; nil outside the text, for a glyph without
    /// colours, or when the text has none. A frame reads it per panel
    /// column it paints (`PanelColors`).
    func colorColumn(at x: Int) -> (colors: GlyphColors, column: Int)? {
        guard hasColors, x >= 0, x < width else { return nil }
        let placed = self.placed(at: x)
        guard let cell = colors[Int(glyphIndices[placed])] else { return nil }
        let offset = x - Int(starts[placed])
        return offset < cell.columns ? (cell, offset) : nil
    }

    /// The colour of the LED at pixel column `x`, row `row` of the line
    /// box; nil where it has none.
    public func color(at x: Int, row: Int) -> LEDPixelColor? {
        colorColumn(at: x).flatMap { $0.colors[$0.column, row] }
    }

    /// The last placed glyph starting at or before `x` (binary search).
    @inline(__always)
    private func placed(at x: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(starts[middle]) <= x { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

