/// Paints text as ordinary terminal characters: the message when the panel
/// is too small for LED text, and the caption under the LEDs. Text is
/// wrapped at words, centred, and scrolls when it cannot be shown whole, so
/// it is never cut mid-word. Each frame touches only the part of the text it
/// shows (see `TerminalLine`).
enum PlainTextPainter {
    /// The message in the LED area, in the LEDs' colour and shade (a
    /// rainbow's first hue moving with its phase). At rest it is wrapped
    /// onto the rows it has; while scrolling it is one line that moves like
    /// the LEDs would (one cell per LED column) unless it fits.
    static func paint(_ scene: MarqueeScene, into frame: inout FrameModel) {
        let geometry = scene.geometry
        let ink = Ink.led(scene.litShade, hue: UInt8(scene.rainbowPhase ?? 0))
        let rows = geometry.ledAreaTop..<(geometry.ledAreaTop + geometry.ledAreaRows)
        let line = scene.plainText
        switch scene.placement {
        case let .scrolling(offset, entry) where line.width > geometry.columns:
            let row = rows.lowerBound + rows.count / 2
            let start = WrappingScroll.start(offset: offset, width: line.width, span: geometry.columns, entry: entry)
            frame.write(line, row: row, column: start, ink: ink)
        default:
            // One line more than fits tells whether the text was cut.
            var lines = WordWrap.text(line.text, width: geometry.columns, maxLines: rows.count + 1)
            if lines.count > rows.count {
                // More than the pane can hold: what fits, marked as cut.
                lines = Array(lines.prefix(rows.count))
                if var last = lines.popLast() {
                    while TerminalText.cellWidth(of: last) + 1 > geometry.columns, !last.isEmpty { last.removeLast() }
                    lines.append(last + "…")
                }
            }
            let top = rows.lowerBound + (rows.count - lines.count) / 2
            for (index, text) in lines.enumerated() {
                frame.write(centred(text, width: geometry.columns), row: top + index, column: 0, ink: ink)
            }
        }
    }

    /// The caption on its rows: wrapped onto them when it fits, else one
    /// line scrolled by `offset` cells, repeating after a gap.
    static func paintCaption(_ caption: TerminalLine, offset: Int, rows: Range<Int>, into frame: inout FrameModel) {
        guard let first = rows.first else { return }
        if let lines = CaptionLayout.lines(for: caption, width: frame.columns, rows: rows.count) {
            for (index, line) in lines.enumerated() {
                frame.write(centred(line, width: frame.columns), row: first + index, column: 0, tone: .normal)
            }
            return
        }
        // The row shows a window of caption, gap, caption, gap, ...
        let gap = CaptionLayout.scrollGap
        let period = caption.width + gap.width
        var position = ((offset % period) + period) % period
        var column = 0
        while column < frame.columns {
            let inCaption = position < caption.width
            let segment = inCaption ? caption : gap
            let from = inCaption ? position : position - caption.width
            let next = frame.write(segment, fromCell: from, row: first, column: column, tone: .normal)
            // Stopped short (the edge, or a wide character that no longer fits): the row is done.
            guard next - column == segment.width - from else { return }
            column = next
            position = inCaption ? caption.width : 0
        }
    }

    /// `text` padded on the left to sit in the middle of `width` cells, or
    /// unchanged when it is wider.
    static func centred(_ text: String, width: Int) -> String {
        let padding = max(0, (width - TerminalText.cellWidth(of: text)) / 2)
        return String(repeating: " ", count: padding) + text
    }
}
