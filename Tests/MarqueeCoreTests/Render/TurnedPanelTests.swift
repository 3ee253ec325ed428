import Testing
@testable import MarqueeCore

/// The panel as a ring (`FrameModel.rotatePanel`) and the screen's copy that
/// follows each scroll step (`FrameModel.follow`): what the terminal ends up
/// showing must be every frame, exactly, as the frames a full paint gives.
@Suite("Turned panel and the screen's copy")
struct TurnedPanelTests {
    func scene(_ style: LEDStyle, text: String, columns: Int, rows: Int, offset: Int, rainbowPhase: Int?,
               monochrome: Bool, countdown: Int) -> MarqueeScene {
        let layout = TextLayout(text: text, font: LEDFont.builtIn)
        let geometry = ScreenGeometry(columns: columns, rows: rows, style: style, lineHeight: layout.inkRows.count,
                                      hasCaption: true)
        return MarqueeScene(geometry: geometry, style: style, monochrome: monochrome, messageID: 1,
                            plainText: TerminalLine(text), placement: .scrolling(ledOffset: offset, entry: .inView),
                            litShade: .lit, rainbowPhase: rainbowPhase, caption: TerminalLine("caption"),
                            captionOffset: countdown, countdown: .init(filledEighths: countdown * 5, frozen: false),
                            controls: "space pause")
    }

    @Test("step after step the screen's copy equals the frame, and the terminal fed each diff shows it",
          arguments: LEDStyle.allCases)
    func followedSteps(style: LEDStyle) {
        var random = SplitMix64(seed: 0x7E57 &+ UInt64(LEDStyle.allCases.firstIndex(of: style)!))
        var known = 0
        for round in 0..<5 {
            let text = round % 2 == 0 ? "HELLO WORLD FROM THE LED MARQUEE" : "I  i  .  W"
            let columns = Int.random(in: 20...160, using: &random), rows = Int.random(in: 6...40, using: &random)
            let rainbow: Int? = round == 2 ? 5 : nil
            let monochrome = round == 3
            let layout = TextLayout(text: text, font: LEDFont.builtIn)
            var offset = Int.random(in: 0...60, using: &random)
            var oldScene = scene(style, text: text, columns: columns, rows: rows, offset: offset, rainbowPhase: rainbow,
                                 monochrome: monochrome, countdown: 0)
            var frame = FrameComposer.compose(oldScene, layout: layout)
            var screen = FrameModel(columns: 0, rows: 0)
            screen.follow(frame)
            var terminal = SimulatedTerminal(showing: frame)
            for index in 0..<60 {
                let step = index % 17 == 16 ? -2 : (index % 9 == 8 ? 4 : (style == .braille ? 2 : 1))
                offset += step
                let next = scene(style, text: text, columns: columns, rows: rows, offset: offset, rainbowPhase: rainbow,
                                 monochrome: monochrome, countdown: index % 4)
                let stepped = FrameComposer.step(&frame, from: oldScene, to: next, layout: layout)
                if !stepped { frame = FrameComposer.compose(next, layout: layout) }
                if frame.step?.base == screen.stamp, frame.step!.cells > 0 { known += 1 }
                terminal.apply(FrameDiff(from: screen, to: frame, canShift: true))
                screen.follow(frame)
                let full = FrameComposer.compose(next, layout: layout)
                #expect(frame == full, "\(style) round \(round) step \(index)")
                #expect(screen == full, "\(style) round \(round) step \(index): the screen's copy")
                #expect(terminal.frame == full, "\(style) round \(round) step \(index): the terminal")
                oldScene = next
            }
            // A frame composed whole after the run: the diff reads the turned copy in order.
            let rest = scene(style, text: "OK", columns: columns, rows: rows, offset: 3, rainbowPhase: nil,
                             monochrome: monochrome, countdown: 1)
            let whole = FrameComposer.compose(rest, layout: TextLayout(text: "OK", font: LEDFont.builtIn))
            terminal.apply(FrameDiff(from: screen, to: whole, canShift: true))
            #expect(terminal.frame == whole)
        }
        // Most were steps the diff took as known (the rest: wraps round,
        // steps right, a panel too small for LEDs).
        #expect(known > 80, "\(style): \(known) of 300 steps taken as known")
    }

    /// "HELLO" one LED on from `offset`: the layout, both scenes, and the
    /// first scene's frame.
    func oneStep(_ style: LEDStyle, columns: Int, rows: Int, offset: Int)
        -> (layout: TextLayout, old: MarqueeScene, new: MarqueeScene, before: FrameModel) {
        let layout = TextLayout(text: "HELLO", font: LEDFont.builtIn)
        let old = scene(style, text: "HELLO", columns: columns, rows: rows, offset: offset, rainbowPhase: nil,
                        monochrome: false, countdown: 0)
        var new = old
        new.placement = .scrolling(ledOffset: offset + 1, entry: .inView)
        return (layout, old, new, FrameComposer.compose(old, layout: layout))
    }

    @Test("a known step's diff writes no more than the compared one, and leaves rows of unlit LEDs alone")
    func knownStepBytes() {
        let (layout, old, new, before) = oneStep(.dots, columns: 120, rows: 30, offset: 10)
        var stepped = before
        #expect(FrameComposer.step(&stepped, from: old, to: new, layout: layout))
        #expect(stepped.step?.base == before.stamp)
        var viaStep = SimulatedTerminal(showing: before), viaCompare = SimulatedTerminal(showing: before)
        viaStep.apply(FrameDiff(from: before, to: stepped, canShift: true))
        viaCompare.apply(FrameDiff(from: before, to: FrameComposer.compose(new, layout: layout), canShift: true))
        #expect(viaStep.frame == viaCompare.frame)
        #expect(viaStep.shiftedRows == viaCompare.shiftedRows)
        #expect(viaStep.cellsWritten == viaCompare.cellsWritten)
        // Rows above and below the text are unlit LEDs only: not shifted.
        #expect(viaStep.shiftedRows < new.geometry.ledAreaRows)
    }

    @Test("a frame changed after its step loses the record, so the diff compares it")
    func changedAfterStep() {
        let (layout, old, new, before) = oneStep(.blocks, columns: 90, rows: 20, offset: 4)
        var frame = before
        #expect(FrameComposer.step(&frame, from: old, to: new, layout: layout))
        frame[new.geometry.ledAreaTop + 2, 7] = Cell("X")
        #expect(frame.step == nil)
        var terminal = SimulatedTerminal(showing: before)
        terminal.apply(FrameDiff(from: before, to: frame, canShift: true))
        #expect(terminal.frame == frame)
        var copy = FrameModel(columns: 0, rows: 0)
        copy.follow(before)
        copy.follow(frame)
        #expect(copy == frame)
    }

    @Test("a row written in one run stores, counts and drops the step as cell by cell would, on a turned panel too",
          arguments: [0, 3])
    func rowWriterMatchesSubscript(turn: Int) {
        var base = FrameModel(columns: 12, rows: 3)
        let lit = Cell("●", foreground: .led(.lit, hue: 0)), unlit = Cell("●", foreground: .led(.unlit, hue: 0))
        for column in 0..<12 { base[1, column] = column % 2 == 0 ? lit : unlit }
        if turn != 0 { base.rotatePanel(rows: 0..<3, columns: 0..<10, by: turn) }
        var byCell = base, byRow = base
        let written: [(Int, Cell)] = [(0, unlit), (2, lit), (5, lit), (9, Cell("字")), (10, Cell.continuation), (11, unlit)]
        for (column, cell) in written { byCell[1, column] = cell }
        byRow.writeRow(1) { cells in
            for (column, cell) in written { cells[column] = cell }
        }
        #expect(byRow == byCell)
        #expect(byRow.storage == byCell.storage, "stored where the subscript stores")
        #expect(byRow.litCells == byCell.litCells)
        #expect(byRow.wideRows == byCell.wideRows)
        #expect(byRow.wideRows[1])
        #expect(byRow.step == nil)
        for column in 0..<12 { #expect(byRow[1, column] == byCell[1, column]) }
    }
}
