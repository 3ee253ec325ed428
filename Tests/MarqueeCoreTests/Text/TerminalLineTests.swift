import Testing
@testable import MarqueeCore

/// Plain text measured once and drawn by windows: the same cells as writing
/// the whole string at a shifted column, at a cost that follows the window.
@Suite("Terminal line windows")
struct TerminalLineTests {
    static let texts = ["A CAPTION THAT IS LONG", "日本語のキャプション with 日本", "x", "", "é́ combining"]

    /// The plain way: the whole string written at a column left of the frame.
    static func reference(_ text: String, column: Int, width: Int) -> FrameModel {
        var frame = FrameModel(columns: width, rows: 1)
        frame.write(text, row: 0, column: column)
        return frame
    }

    @Test("a window from any cell at any column draws what the shifted string draws", arguments: texts)
    func windows(text: String) {
        let line = TerminalLine(text)
        for column in -40...12 {
            var frame = FrameModel(columns: 12, rows: 1)
            frame.write(line, row: 0, column: column)
            #expect(frame == Self.reference(text, column: column, width: 12), "\(text) at \(column)")
        }
        for from in 0...(line.width + 2) {
            var frame = FrameModel(columns: 12, rows: 1)
            frame.write(line, fromCell: from, row: 0, column: 0)
            // A wide character cut by the window's left edge is left out, as
            // the plain write leaves out one cut by the frame's.
            #expect(frame == Self.reference(text, column: -from, width: 12), "\(text) from \(from)")
        }
    }

    @Test("measures cells once: wide characters take two, marks none")
    func measure() {
        let line = TerminalLine("日本 é\u{301}")
        #expect(line.width == 6, "2 + 2 + 1 + 1: the mark takes no cell")
        #expect(line.firstScalar(atOrAfterCell: 2) == 1)
        #expect(line.firstScalar(atOrAfterCell: 3) == 2)
        #expect(line.firstScalar(atOrAfterCell: 99) == line.scalars.count)
        #expect(TerminalLine("A") == "A")
    }

    @Test("a scrolling caption shows caption, gap, caption: the same cells as the repeated string", arguments: [
        "A CAPTION FAR TOO LONG FOR TWO ROWS OF THIS NARROW TERMINAL", "日本語 キャプション 日本語 キャプション 日本語 キャプション",
    ])
    func scrollingCaption(caption: String) {
        let line = TerminalLine(caption)
        let loop = caption + CaptionLayout.scrollGap.text
        let period = line.width + CaptionLayout.scrollGap.width
        for offset in [0, 1, 5, period - 1, period, period + 3, -2] {
            var frame = FrameModel(columns: 16, rows: 2)
            PlainTextPainter.paintCaption(line, offset: offset, rows: 0..<1, into: &frame)
            let shift = ((offset % period) + period) % period
            var expected = FrameModel(columns: 16, rows: 2)
            expected.write(loop + loop, row: 0, column: -shift)
            #expect(frame.text == expected.text, "offset \(offset)")
        }
    }
}
