import Testing
@testable import MarqueeCore

/// A sign with zones is the main sign's frame and each zone's, copied into
/// one (docs/zones.md, "Drawing"): whichever way the parts were made, a
/// step or a compose, the frame is the one full composes give.
@Suite("Zone frames")
struct ZoneComposerTests {
    static let font = LEDFont.builtIn

    func scene(_ text: String, columns: Int, rows: Int, style: LEDStyle, offset: Int?, status: Bool = true,
               controls: String? = nil) -> (MarqueeScene, TextLayout) {
        let layout = TextLayout(text: text, font: ZoneComposerTests.font)
        let geometry = ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: layout.inkRows.count, captionLines: 0,
                                      statusRows: status)
        let scene = MarqueeScene(geometry: geometry, style: style, monochrome: false, messageID: text.count,
                                 plainText: TerminalLine(text),
                                 placement: offset.map { .scrolling(ledOffset: $0, entry: .inView) } ?? .rest, controls: controls)
        return (scene, layout)
    }

    @Test("stepped parts make the frame full composes make, every frame", arguments: LEDStyle.allCases)
    func stepEqualsCompose(style: LEDStyle) {
        let zones = [SignZone(edge: .left, texts: ["OPEN"]), SignZone(edge: .bottom, texts: ["a line too long to stand still"])]
        let plan = ZonePlan(columns: 90, rows: 20, zones: zones, ledAreaRows: 18, sideCells: [.left: 16])
        let main = { (offset: Int) in
            self.scene("today's specials scroll by", columns: plan.mainColumns, rows: plan.mainRows, style: style, offset: offset,
                       controls: "▶ playing")
        }
        let ledRows = main(0).0.geometry.ledAreaRows
        let label = scene("OPEN", columns: 16, rows: ledRows, style: style, offset: nil, status: false)
        let bottom = plan.region(of: .bottom, mainLEDRows: ledRows)
        let line = { (offset: Int) in
            self.scene("a line too long to stand still", columns: bottom.columns, rows: bottom.rows, style: style,
                       offset: offset, status: false)
        }
        let pitch = style == .braille ? 2 : 1
        var (oldMain, oldLine) = (main(0).0, line(0).0)
        var mainFrame = FrameComposer.compose(oldMain, layout: main(0).1)
        var lineFrame = FrameComposer.compose(oldLine, layout: line(0).1)
        let labelFrame = FrameComposer.compose(label.0, layout: label.1)
        var steps = 0
        for index in 1...60 {
            // The main sign moves every frame, the line every third: a
            // frame where only one part changed is still whole.
            let (newMain, mainLayout) = main(index * pitch)
            let (newLine, lineLayout) = line(index / 3 * pitch)
            if FrameComposer.step(&mainFrame, from: oldMain, to: newMain, layout: mainLayout) { steps += 1 } else {
                mainFrame = FrameComposer.compose(newMain, layout: mainLayout)
            }
            if newLine != oldLine, !FrameComposer.step(&lineFrame, from: oldLine, to: newLine, layout: lineLayout) {
                lineFrame = FrameComposer.compose(newLine, layout: lineLayout)
            }
            let parts = [(SignZone.Edge.left, labelFrame), (SignZone.Edge.bottom, lineFrame)]
            let stepped = ZoneComposer.compose(main: mainFrame, mainLEDRows: ledRows, plan: plan, zones: parts.map { ($0.0, $0.1) })
            let whole = ZoneComposer.compose(
                main: FrameComposer.compose(newMain, layout: mainLayout), mainLEDRows: ledRows, plan: plan,
                zones: [(.left, FrameComposer.compose(label.0, layout: label.1)), (.bottom, FrameComposer.compose(newLine, layout: lineLayout))])
            #expect(stepped == whole, "\(style) frame \(index)")
            (oldMain, oldLine) = (newMain, newLine)
        }
        #expect(steps > 30, "the main sign's frames were steps")
    }

    @Test("each part lands in its region; the status rows under everything, from the left edge")
    func placement() {
        let zones = [SignZone(edge: .left, texts: ["OPEN"]), SignZone(edge: .top, texts: ["TOP"])]
        let plan = ZonePlan(columns: 60, rows: 12, zones: zones, ledAreaRows: 10, sideCells: [.left: 14])
        let (main, layout) = scene("hello", columns: plan.mainColumns, rows: plan.mainRows, style: .half, offset: nil,
                                   controls: "controls")
        let ledRows = main.geometry.ledAreaRows
        var mainFrame = FrameModel(columns: plan.mainColumns, rows: plan.mainRows)
        for row in 0..<plan.mainRows { mainFrame.write(String(repeating: "m", count: plan.mainColumns), row: row, column: 0) }
        mainFrame.write("controls", row: plan.mainRows - 1, column: 0)
        var top = FrameModel(columns: 60, rows: plan.top)
        for row in 0..<plan.top { top.write(String(repeating: "t", count: 60), row: row, column: 0) }
        var left = FrameModel(columns: 14, rows: ledRows)
        for row in 0..<ledRows { left.write(String(repeating: "l", count: 14), row: row, column: 0) }
        _ = layout
        let frame = ZoneComposer.compose(main: mainFrame, mainLEDRows: ledRows, plan: plan, zones: [(.top, top), (.left, left)])
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == String(repeating: "t", count: 60))
        #expect(lines[plan.top] == String(repeating: "l", count: 14) + String(repeating: "m", count: 46))
        #expect(lines[plan.top + ledRows + 1].hasPrefix("controls"))
        #expect(frame.rows == 12 && frame.columns == 60)
    }
}
