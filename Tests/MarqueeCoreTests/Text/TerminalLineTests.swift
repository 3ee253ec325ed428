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
        #expect(Array(line.cells(fromCell: 2)).first == .init(scalar: "本", start: 2, width: 2))
        #expect(Array(line.cells(fromCell: 3)).first == .init(scalar: " ", start: 4, width: 1))
        #expect(Array(line.cells(fromCell: 0)).map(\.scalar) == ["日", "本", " ", "é"])
        #expect(Array(line.cells(fromCell: 99)).first == nil)
        #expect(TerminalLine("A") == "A")
    }

    @Test("a line longer than many marks: every window from every cell is the shifted string's")
    func longLine() {
        // Wide, narrow and zero-width scalars across several mark strides.
        let text = String(repeating: "ab日e\u{301}本 ", count: 60)
        let line = TerminalLine(text)
        #expect(line.width == TerminalText.cellWidth(of: text))
        for from in stride(from: 0, through: line.width + 1, by: 7) {
            var frame = FrameModel(columns: 20, rows: 1)
            frame.write(line, fromCell: from, row: 0, column: 0)
            #expect(frame == Self.reference(text, column: -from, width: 20), "from \(from)")
        }
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
