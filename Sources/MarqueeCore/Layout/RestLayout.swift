/// A message laid out to be read whole while the sign is not scrolling: the
/// largest LED scale at which it fits, wrapped at word boundaries onto as
/// many lines as that needs, each line centred, with at least one dark LED
/// of margin on every side (docs/display.md).
///
/// Built once per message and panel size, never per frame. `nil` from
/// `init` means the message cannot be shown whole in LEDs even at scale 1
/// (too many lines for the panel): the sign then falls back to plain text.
///
/// ```swift
/// let rest = RestLayout(text: "BUILD OK", font: LEDFont.builtIn, panelColumns: 40, panelRows: 22)
/// rest?.scale          // 1
/// rest?.lines.count    // 2: "BUILD" over "OK"
/// ```
public struct RestLayout: Sendable {
    /// One wrapped line, placed on the panel.
    public struct Line: Sendable {
        public let text: String
        public let layout: TextLayout
        /// Panel column of the line's first pixel column.
        public let start: Int
        /// Panel row of the line's top ink row.
        public let top: Int
        /// Pixel columns of the line that hold ink (its trailing spacing left out).
        public let inkWidth: Int
    }

    /// Panel LEDs per font pixel.
    public let scale: Int
    public let lines: [Line]
    /// Font rows every line shows (the message's ink rows, shared so all
    /// lines stand on one baseline and have one height).
    public let inkRows: Range<Int>
    /// Ascent of the whole message's line box, to map each line's rows onto it.
    public let ascent: Int
    /// Whether a single word wider than the panel at scale 1 had to be cut.
    public let cut: Bool
    /// Dark LEDs kept round the text: ``margin``, or 0 on the classic grid,
    /// whose letters fill the sign as a real one's do.
    public let margin: Int
    /// The panel rows a window on a strip shows its lines in (a band of
    /// whole lines, centred); rows outside are dark. Nil: every row.
    public private(set) var shownRows: Range<Int>? = nil

    /// Dark LEDs kept around the text on every side.
    public static let margin = 1

    /// Lays out `text` for a panel of `panelColumns` x `panelRows` LEDs.
    /// `maximumScale` caps the scale (`--scale N`); nil picks the largest fit.
    /// `whole` is the message set on one line, already built by the caller
    /// for scrolling, whose ink rows give every line its height.
    public init?(text: String, font: any GlyphSource, panelColumns: Int, panelRows: Int, maximumScale: Int? = nil,
                 whole: TextLayout? = nil, margin: Int = RestLayout.margin) {
        let words = Words(text: text, font: font, whole: whole)
        guard let plan = words.plan(panelColumns: panelColumns, panelRows: panelRows, maximumScale: maximumScale, paged: false,
                                    margin: margin)
        else { return nil }
        self.init(lines: plan.lines, of: words, scale: plan.scale, cut: plan.cut, panelRows: panelRows, panelColumns: panelColumns,
                  margin: margin)
    }

    /// The message at rest as pages (docs/display.md, "Pages"): one, laid
    /// out whole, when it fits; else split at words into the fewest pages
    /// (the lines of scale 1, as many to a page as the panel holds; a word
    /// wider than the panel stands alone and is cut), each page then laid
    /// out whole at the largest scale it fits. Empty when no LED size fits
    /// at all (the panel lower than a line of text at scale 1): the sign
    /// shows plain text.
    ///
    /// ```swift
    /// RestLayout.pages(text: "Back in 5 minutes, grab a coffee", font: LEDFont.builtIn,
    ///                  panelColumns: 40, panelRows: 22).count   // 3
    /// ```
    public static func pages(text: String, font: any GlyphSource, panelColumns: Int, panelRows: Int, maximumScale: Int? = nil,
                             whole: TextLayout? = nil, margin: Int = RestLayout.margin) -> [RestLayout] {
        let words = Words(text: text, font: font, whole: whole)
        if let plan = words.plan(panelColumns: panelColumns, panelRows: panelRows, maximumScale: maximumScale, paged: false,
                                 margin: margin) {
            return [RestLayout(lines: plan.lines, of: words, scale: plan.scale, cut: plan.cut, panelRows: panelRows,
                               panelColumns: panelColumns, margin: margin)]
        }
        guard let plan = words.plan(panelColumns: panelColumns, panelRows: panelRows, maximumScale: 1, paged: true, margin: margin)
        else { return [] }
        return stride(from: 0, to: plan.lines.count, by: plan.perPage).map { first in
            let lines = Array(plan.lines[first..<min(first + plan.perPage, plan.lines.count)])
            let text = lines.joined().map { words.measured[$0].text }.joined(separator: " ")
            // Every page stands on the message's baseline and line height.
            return RestLayout(text: text, font: font, panelColumns: panelColumns, panelRows: panelRows,
                              maximumScale: maximumScale, whole: words.whole, margin: margin)
                ?? RestLayout(lines: lines, of: words, scale: 1, cut: plan.cut, panelRows: panelRows, panelColumns: panelColumns,
                              margin: margin)
        }
    }

    /// The message wrapped into every line it takes at the largest scale
    /// up to `scale` at which its words fit across the panel (only at scale
    /// 1 may a word be cut), the lines stacked from the top margin however
    /// many there are: the `vertical` mode's strip, of which the panel
    /// shows a window (``window(movedUp:panelRows:linesInView:period:)``). Nil when no
    /// line fits the panel's height.
    public static func strip(text: String, font: any GlyphSource, panelColumns: Int, panelRows: Int, scale: Int,
                             whole: TextLayout? = nil, margin: Int = RestLayout.margin) -> RestLayout? {
        let words = Words(text: text, font: font, whole: whole)
        guard let plan = words.plan(panelColumns: panelColumns, panelRows: panelRows, maximumScale: max(1, scale), paged: true,
                                    margin: margin)
        else { return nil }
        let placed = RestLayout(lines: plan.lines, of: words, scale: plan.scale, cut: plan.cut, panelRows: panelRows,
                                panelColumns: panelColumns, margin: margin)
        let top = placed.lines.first?.top ?? margin
        return RestLayout(scale: placed.scale, inkRows: placed.inkRows, ascent: placed.ascent, cut: placed.cut, margin: margin,
                          lines: placed.lines.map {
                              Line(text: $0.text, layout: $0.layout, start: $0.start, top: $0.top - top + margin, inkWidth: $0.inkWidth)
                          })
    }

    /// The lines of a ``strip(text:font:panelColumns:panelRows:scale:whole:margin:)``
    /// that a panel of `panelRows` shows with the strip moved up `rows`
    /// panel rows: a band of `linesInView` whole lines, centred, in which
    /// the lines move, each line at the panel row it stands at now; the
    /// strip goes round every `period` rows. Only the lines in the band are
    /// kept, so what a frame reads follows the panel, not the message.
    public func window(movedUp rows: Int, panelRows: Int, linesInView: Int, period: Int) -> RestLayout {
        let height = inkRows.count * scale
        let bandHeight = RestLayout.blockHeight(lines: max(1, linesInView), height: inkRows.count, scale: scale)
        let bandTop = max(0, (panelRows - bandHeight) / 2)
        let band = bandTop..<min(panelRows, bandTop + bandHeight)
        let shift = period > 0 ? ((rows % period) + period) % period : rows
        var shown: [Line] = []
        for round in [0, period] where period > 0 || round == 0 {
            for line in lines {
                // The strip's first line stands at the band's top before it moves.
                let top = line.top - margin + bandTop - shift + round
                guard top < band.upperBound, top + height > band.lowerBound else { continue }
                shown.append(Line(text: line.text, layout: line.layout, start: line.start, top: top, inkWidth: line.inkWidth))
            }
        }
        var window = RestLayout(scale: scale, inkRows: inkRows, ascent: ascent, cut: cut, margin: margin, lines: shown)
        window.shownRows = band
        return window
    }

    /// The message's words, measured once, and the line they make.
    private struct Words {
        let font: any GlyphSource
        let whole: TextLayout
        let measured: [WordMeasure]
        let space: Int
        var height: Int { max(1, whole.inkRows.count) }

        init(text: String, font: any GlyphSource, whole: TextLayout?) {
            self.font = font
            self.whole = whole ?? TextLayout(text: text, font: font)
            measured = WordMeasure.measure(text: text, font: font)
            space = TextLayout(text: " ", font: font).width
        }

        /// The largest scale, from the one that fills the height down to 1,
        /// at which the words wrap into lines no wider than the usable
        /// panel (wider words only at scale 1) and, unless `paged`, all the
        /// lines fit its height; `perPage` is how many lines do.
        func plan(panelColumns: Int, panelRows: Int, maximumScale: Int?, paged: Bool, margin: Int)
            -> (scale: Int, lines: [[Int]], perPage: Int, cut: Bool)? {
            let usableColumns = panelColumns - 2 * margin
            let usableRows = panelRows - 2 * margin
            guard usableColumns > 0, usableRows >= height else { return nil }
            let widths = measured.map(\.inkWidth)
            let advances = measured.map(\.advance)
            let largest = min(maximumScale ?? Int.max, usableRows / height, 64)
            for scale in stride(from: max(1, largest), through: 1, by: -1) {
                let limit = usableColumns / scale
                guard let lines = WordWrap.lines(widths: widths, advances: advances, space: space, limit: limit,
                                                 allowOverflow: scale == 1) else { continue }
                // Lines of `height` rows, a row of space between: n of them
                // take (n * (height + 1) - 1) * scale LED rows.
                let perPage = (usableRows + scale) / ((height + 1) * scale)
                guard perPage > 0, paged || lines.count <= perPage else { continue }
                // Only at scale 1 may a word overflow, and then it stands alone.
                return (scale, lines, perPage, widths.contains { $0 > limit })
            }
            return nil
        }
    }

    /// `lines` (word indices) placed at `scale`, the block centred.
    private init(lines: [[Int]], of words: Words, scale: Int, cut: Bool, panelRows: Int, panelColumns: Int, margin: Int) {
        self.scale = scale
        self.margin = margin
        inkRows = words.whole.inkRows
        ascent = words.whole.ascent
        self.cut = cut
        let height = words.height
        let blockHeight = RestLayout.blockHeight(lines: lines.count, height: height, scale: scale)
        var top = (panelRows - blockHeight) / 2
        var placed: [Line] = []
        for wordIndices in lines {
            let lineText = wordIndices.map { words.measured[$0].text }.joined(separator: " ")
            let layout = TextLayout(text: lineText, font: words.font)
            let inkWidth = layout.inkWidth
            let start = max(margin, (panelColumns - inkWidth * scale) / 2)
            placed.append(Line(text: lineText, layout: layout, start: start, top: top, inkWidth: inkWidth))
            top += (height + 1) * scale
        }
        self.lines = placed
    }

    /// This layout, made on a panel of big LEDs at scale 1, on the classic
    /// grid's panel of units (`size` units an LED, docs/display.md, "LED
    /// grids"): a font pixel is then one big LED, whatever the message.
    public func enlarged(by size: Int) -> RestLayout {
        guard size > 1 else { return self }
        return RestLayout(scale: scale * size, inkRows: inkRows, ascent: ascent, cut: cut, margin: margin * size, lines: lines.map {
            Line(text: $0.text, layout: $0.layout, start: $0.start * size, top: $0.top * size, inkWidth: $0.inkWidth)
        })
    }

    private init(scale: Int, inkRows: Range<Int>, ascent: Int, cut: Bool, margin: Int, lines: [Line]) {
        self.scale = scale
        self.margin = margin
        self.inkRows = inkRows
        self.ascent = ascent
        self.cut = cut
        self.lines = lines
    }

    /// LED rows of `lines` lines of `height` font rows at `scale`, one font
    /// row of space between lines.
    static func blockHeight(lines: Int, height: Int, scale: Int) -> Int {
        lines * height * scale + max(0, lines - 1) * scale
    }

    /// Lit rows of panel column `column` in panel row `row` terms: which line
    /// (if any) covers panel row `row`, and which font row of it.
    public func fontRow(atPanelRow row: Int) -> (line: Int, fontRow: Int)? {
        if let shownRows, !shownRows.contains(row) { return nil }
        for (index, line) in lines.enumerated() {
            let offset = row - line.top
            guard offset >= 0 else { return nil }
            if offset < inkRows.count * scale {
                // Each line has its own line box; map the message's row onto it.
                return (index, inkRows.lowerBound + offset / scale - (ascent - line.layout.ascent))
            }
        }
        return nil
    }
}

extension TextLayout {
    /// Pixel columns up to and including the last one with ink; a line of
    /// only spaces has none.
    public var inkWidth: Int {
        var x = width
        while x > 0, column(at: x - 1) == 0 { x -= 1 }
        return x
    }
}
