import Testing
@testable import MarqueeCore

@Suite("Panel scroll hint")
struct PanelScrollTests {
    let layout = TextLayout(text: "HELLO", font: LEDFont.builtIn)

    func frame(style: LEDStyle, offset: Int, columns: Int = 81, rows: Int = 20, rainbowPhase: Int? = nil) -> FrameModel {
        let geometry = ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: layout.inkRows.count, hasCaption: false)
        let scene = MarqueeScene(geometry: geometry, style: style, monochrome: false, messageID: 0, plainText: "HELLO",
                                 placement: .scrolling(ledOffset: offset, entry: .inView), rainbowPhase: rainbowPhase)
        return FrameComposer.compose(scene, layout: layout)
    }

    /// `earlier`'s row moved `cells` left, blanks coming in at the right.
    func shifted(_ earlier: FrameModel, row: Int, by cells: Int) -> [Cell] {
        (0..<earlier.columns).map { column in column + cells < earlier.columns ? earlier[row, column + cells] : .blank }
    }

    @Test("one LED later, every panel row is the earlier row shifted by the hint's cells, apart from the cells coming in",
          arguments: [(LEDStyle.dots, 1, 2), (.blocks, 1, 2), (.half, 1, 1), (.braille, 2, 1), (.dots, 3, 6)])
    func hintMatchesThePicture(style: LEDStyle, leds: Int, cells: Int) throws {
        let before = frame(style: style, offset: 10)
        let after = frame(style: style, offset: 10 + leds)
        let hint = try #require(after.panelScroll)
        let earlierHint = try #require(before.panelScroll)
        #expect(hint.shift(since: earlierHint) == cells)
        let panelWidth = before.columns - before.columns % (style == .braille ? 1 : 2)
        var moved = 0
        for row in hint.rows {
            let expected = shifted(before, row: row, by: cells)
            for column in 0..<(panelWidth - cells) {
                #expect(after[row, column] == expected[column], "row \(row) column \(column)")
            }
            if (0..<before.columns).contains(where: { before[row, $0] != after[row, $0] }) { moved += 1 }
        }
        #expect(moved > 0, "the text is in the panel and moved")
    }

    @Test("no shift when the text moved right, wrapped round, or by half a braille cell")
    func noShift() throws {
        let base = try #require(frame(style: .dots, offset: 10).panelScroll)
        #expect(try #require(frame(style: .dots, offset: 9).panelScroll).shift(since: base) == nil)
        #expect(try #require(frame(style: .dots, offset: 10).panelScroll).shift(since: base) == nil)
        let braille = try #require(frame(style: .braille, offset: 10).panelScroll)
        #expect(try #require(frame(style: .braille, offset: 11).panelScroll).shift(since: braille) == nil)
        // Another size is another panel.
        #expect(try #require(frame(style: .dots, offset: 11, rows: 24).panelScroll).shift(since: base) == nil)
    }

    @Test("when the text wraps round to the right edge there is no shift, and every other step is one LED")
    func wrapRound() throws {
        var previous = try #require(frame(style: .dots, offset: 0).panelScroll)
        var wraps = 0
        for offset in 1...400 {
            let hint = try #require(frame(style: .dots, offset: offset).panelScroll)
            if hint.textStart > previous.textStart {
                wraps += 1
                #expect(hint.shift(since: previous) == nil)
            } else {
                #expect(hint.shift(since: previous) == 2)
            }
            previous = hint
        }
        #expect(wraps >= 1, "400 LEDs go round a 40-LED panel at least once")
    }

    @Test("the hint takes no part in frame equality")
    func hintIsNotContent() {
        var a = frame(style: .dots, offset: 10)
        let b = a
        a.panelScroll = nil
        #expect(a == b)
    }

    @Test("plain text frames (too small for LEDs) carry no hint")
    func plainTextHasNoHint() {
        #expect(frame(style: .dots, offset: 3, columns: 20, rows: 5).panelScroll == nil)
    }
}
