/// Paints text as ordinary terminal characters: the message when the panel
/// is too small for LED text, and the caption under the LEDs. Text is
/// wrapped at words, centred, and scrolls when it cannot be shown whole, so
/// it is never cut mid-word.
enum PlainTextPainter {
    /// The message in the LED area. At rest it is wrapped onto the rows it
    /// has; while scrolling it is one line that moves like the LEDs would
    /// (one cell per LED column) unless it fits.
    static func paint(_ scene: MarqueeScene, into frame: inout FrameModel) {
        let geometry = scene.geometry
        let rows = geometry.ledAreaTop..<(geometry.ledAreaTop + geometry.ledAreaRows)
        let text = scene.plainText
        let width = TerminalText.cellWidth(of: text)
        switch scene.placement {
        case let .scrolling(offset, entry) where width > geometry.columns:
            let row = rows.lowerBound + rows.count / 2
            let start = WrappingScroll.start(offset: offset, width: width, span: geometry.columns, entry: entry)
            frame.write(text, row: row, column: start, tone: .bright)
        default:
            var lines = WordWrap.text(text, width: geometry.columns)
            if lines.count > rows.count {
                // More than the pane can hold: what fits, marked as cut.
                lines = Array(lines.prefix(rows.count))
                if var last = lines.popLast() {
                    while TerminalText.cellWidth(of: last) + 1 > geometry.columns, !last.isEmpty { last.removeLast() }
                    lines.append(last + "…")
                }
            }
            let top = rows.lowerBound + (rows.count - lines.count) / 2
            for (index, line) in lines.enumerated() {
                frame.write(centred(line, width: geometry.columns), row: top + index, column: 0, tone: .bright)
            }
        }
    }

    /// The caption on its rows: wrapped onto them when it fits, else one
    /// line scrolled by `offset` cells, repeating after a gap.
    static func paintCaption(_ caption: String, offset: Int, rows: Range<Int>, into frame: inout FrameModel) {
        guard let first = rows.first else { return }
        if let lines = CaptionLayout.lines(for: caption, width: frame.columns, rows: rows.count) {
            for (index, line) in lines.enumerated() {
                frame.write(centred(line, width: frame.columns), row: first + index, column: 0, tone: .normal)
            }
            return
        }
        let loop = caption + CaptionLayout.scrollGap
        let period = TerminalText.cellWidth(of: loop)
        guard period > 0 else { return }
        let shift = ((offset % period) + period) % period
        // Two copies cover the row whatever the phase.
        frame.write(loop + loop, row: first, column: -shift, tone: .normal)
    }

    /// `text` padded on the left to sit in the middle of `width` cells, or
    /// unchanged when it is wider.
    static func centred(_ text: String, width: Int) -> String {
        let padding = max(0, (width - TerminalText.cellWidth(of: text)) / 2)
        return String(repeating: " ", count: padding) + text
    }
}
