import Testing
@testable import MarqueeCore

/// A terminal reduced to its cells: what `FrameDiff`'s operations do to it.
struct SimulatedTerminal {
    var frame: FrameModel
    var shiftedRows = 0
    var cellsWritten = 0

    init(showing frame: FrameModel) { self.frame = frame }

    /// Plays `diff` over the whole frame, as `Screen` does.
    mutating func apply(_ diff: FrameDiff) {
        diff.forEachRow(in: 0..<diff.new.rows) { row, shift in
            guard shift > 0 else { return }
            shiftedRows += 1
            // Delete-character at column 0: the row moves left, blanks come in.
            for column in 0..<frame.columns {
                frame[row, column] = column + shift < frame.columns ? frame[row, column + shift] : .blank
            }
        } cell: { row, column, cell in
            cellsWritten += 1
            frame[row, column] = cell
        }
    }
}

@Suite("Frame diff")
struct FrameDiffTests {
    let layout = TextLayout(text: "HELLO WORLD", font: LEDFont.builtIn)

    func frame(style: LEDStyle = .dots, offset: Int, columns: Int = 81, rows: Int = 20, rainbowPhase: Int? = nil,
               caption: String? = nil, litShade: LEDShade = .lit) -> FrameModel {
        let geometry = ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: layout.inkRows.count,
                                      hasCaption: caption != nil)
        let scene = MarqueeScene(geometry: geometry, style: style, monochrome: false, messageID: 0, plainText: "HELLO WORLD",
                                 placement: .scrolling(ledOffset: offset, entry: .inView), litShade: litShade,
                                 rainbowPhase: rainbowPhase, caption: caption.map { TerminalLine($0) })
        return FrameComposer.compose(scene, layout: layout)
    }

    @Test("the first frame is written whole, without shifts")
    func firstFrame() {
        let new = frame(offset: 5)
        var terminal = SimulatedTerminal(showing: FrameModel(columns: new.columns, rows: new.rows))
        terminal.apply(FrameDiff(from: nil, to: new, canShift: true))
        #expect(terminal.frame == new)
        #expect(terminal.shiftedRows == 0)
        #expect(terminal.cellsWritten == new.columns * new.rows)
    }

    @Test("an unchanged frame writes nothing")
    func unchanged() {
        let new = frame(offset: 5)
        var terminal = SimulatedTerminal(showing: new)
        terminal.apply(FrameDiff(from: new, to: new, canShift: true))
        #expect(terminal.shiftedRows == 0 && terminal.cellsWritten == 0)
    }

    @Test("a scroll step is shifts plus the cells coming into view, and leaves exactly the new frame",
          arguments: [(LEDStyle.dots, 1), (.dots, 3), (.blocks, 1), (.half, 1), (.half, 2), (.braille, 2)])
    func scrollStep(style: LEDStyle, leds: Int) {
        for start in stride(from: 0, to: 120, by: 7) {
            let old = frame(style: style, offset: start)
            let new = frame(style: style, offset: start + leds)
            var terminal = SimulatedTerminal(showing: old)
            let diff = FrameDiff(from: old, to: new, canShift: true)
            terminal.apply(diff)
            #expect(terminal.frame == new, "\(style) offset \(start)+\(leds)")
            if diff.shift > 0, terminal.shiftedRows > 0 {
                // Only the columns coming into view are written on shifted rows.
                #expect(terminal.cellsWritten <= (terminal.shiftedRows + 2) * (diff.shift + 2) + new.columns * 4,
                        "\(terminal.cellsWritten) cells for \(terminal.shiftedRows) shifted rows")
            }
        }
    }

    @Test("every other change is drawn cell by cell and still leaves the new frame", arguments: [
        "rainbow", "fade", "wrap", "right", "no dch",
    ])
    func otherChanges(kind: String) {
        let old = frame(offset: 10, rainbowPhase: kind == "rainbow" ? 0 : nil)
        let new: FrameModel = switch kind {
        case "rainbow": frame(offset: 11, rainbowPhase: 1)
        case "fade": frame(offset: 11, litShade: .glow2)
        case "wrap": frame(offset: 10 + 40 + layout.width * 2)
        case "right": frame(offset: 9)
        default: frame(offset: 11)
        }
        var terminal = SimulatedTerminal(showing: old)
        terminal.apply(FrameDiff(from: old, to: new, canShift: kind != "no dch"))
        #expect(terminal.frame == new)
        if kind == "no dch" || kind == "right" { #expect(terminal.shiftedRows == 0) }
    }

    @Test("rows with wide characters are never shifted; other rows still are")
    func wideCharacters() {
        var old = frame(offset: 10, caption: "x")
        var new = frame(offset: 11, caption: "x")
        let row = new.panelScroll!.rows.lowerBound + 3
        old.write("日本", row: row, column: 70)
        new.write("日本", row: row, column: 70)
        var terminal = SimulatedTerminal(showing: old)
        var shifted: [Int] = []
        let diff = FrameDiff(from: old, to: new, canShift: true)
        diff.forEachRow(in: 0..<new.rows) { row, shift in if shift > 0 { shifted.append(row) } } cell: { _, _, _ in }
        terminal.apply(diff)
        #expect(terminal.frame == new)
        #expect(!shifted.contains(row))
        #expect(!shifted.isEmpty)
    }

    @Test("a frame of another size is drawn whole")
    func otherSize() {
        let old = frame(offset: 10, columns: 80)
        let new = frame(offset: 11, columns: 81)
        var terminal = SimulatedTerminal(showing: FrameModel(columns: 81, rows: new.rows))
        terminal.apply(FrameDiff(from: old, to: new, canShift: true))
        #expect(terminal.frame == new && terminal.shiftedRows == 0)
    }

    @Test("cells pack into one integer and back", arguments: [
        Cell("●", foreground: .led(.glow2, hue: 7)), Cell("▀", foreground: .led(.lit, hue: 11), background: .led(.unlit, hue: 0)),
        Cell("x", foreground: .text(.bright)), .blank, .continuation, Cell("日", foreground: .text(.dim)),
        Cell("\u{10FFFF}", foreground: .plain, background: .text(.bright)),
    ])
    func packing(cell: Cell) {
        #expect(Cell(packed: cell.packed) == cell)
    }
}
