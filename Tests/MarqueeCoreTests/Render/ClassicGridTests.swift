import Testing
@testable import MarqueeCore

/// The classic grid (`--leds round|square`): one big LED a font pixel, whole
/// LEDs only, the text moving a whole LED at a time (docs/display.md, "LED
/// grids").
@Suite("Classic grid")
struct ClassicGridTests {
    func cells(_ led: ClassicLED, lit: Bool = true, unlitByGlyph: Bool = false) -> [String] {
        (0..<led.size).map { row in
            String(String.UnicodeScalarView((0..<(2 * led.size)).map {
                led.cell(column: $0, row: row, lit: lit, unlitByGlyph: unlitByGlyph) ?? " "
            }))
        }
    }

    @Test("an LED of one row is the round glyph or a block, then the gap")
    func smallest() {
        #expect(cells(ClassicLED(size: 1, grid: .round, repertoire: .unicode)) == ["● "])
        #expect(cells(ClassicLED(size: 1, grid: .square, repertoire: .unicode)) == ["█ "])
        #expect(cells(ClassicLED(size: 1, grid: .round, repertoire: .unicode), lit: false, unlitByGlyph: true) == ["· "])
    }

    @Test("larger LEDs are discs and squares of quarter blocks with a dark gap round them")
    func shapes() {
        #expect(cells(ClassicLED(size: 2, grid: .round, repertoire: .unicode)) == ["▗▟▙▖", "▝▜▛▘"])
        let round = cells(ClassicLED(size: 4, grid: .round, repertoire: .unicode))
        #expect(round == ["  ▄▄▄▄  ", " ██████ ", " ██████ ", "  ▀▀▀▀  "])
        let square = cells(ClassicLED(size: 4, grid: .square, repertoire: .unicode))
        #expect(square == [" ▄▄▄▄▄▄ ", " ██████ ", " ██████ ", " ▀▀▀▀▀▀ "])
        #expect(cells(ClassicLED(size: 2, grid: .square, repertoire: .unicode)) == ["▗▄▄▖", "▝▀▀▘"])
        // Every LED keeps a gap: its edge cells are never whole blocks.
        for size in 2...12 {
            for grid in [LEDGrid.round, .square] {
                let rows = cells(ClassicLED(size: size, grid: grid, repertoire: .unicode))
                #expect(rows.first!.unicodeScalars.allSatisfy { $0 != "█" }, "\(grid) \(size): top row \(rows)")
                #expect(rows.last!.unicodeScalars.allSatisfy { $0 != "█" }, "\(grid) \(size): bottom row")
                #expect(rows.allSatisfy { $0.unicodeScalars.first != "█" && $0.unicodeScalars.last != "█" }, "\(grid) \(size): sides")
                #expect(rows.joined().unicodeScalars.contains("█") == (size > 2), "\(grid) \(size): a solid middle \(rows)")
            }
        }
    }

    @Test("the Linux console's fonts have no quarter blocks: whole cells and gaps")
    func console() {
        for size in 1...10 {
            let rows = cells(ClassicLED(size: size, grid: .round, repertoire: .linuxConsole))
            let used = Set(rows.joined().unicodeScalars)
            #expect(used.isSubset(of: ["█", " ", "●"]), "size \(size): \(used)")
        }
        for size in 3...10 {
            let rows = cells(ClassicLED(size: size, grid: .round, repertoire: .linuxConsole))
            #expect(rows.joined().contains("██"), "size \(size): a solid middle")
            #expect(rows.allSatisfy { $0.hasPrefix(" ") && $0.hasSuffix(" ") }, "size \(size): a gap each side")
        }
    }

    @Test("the panel is whole LEDs, the text band on their boundaries, the height in LEDs as asked",
          arguments: [(80, 24), (200, 50), (240, 67), (121, 37), (300, 80)])
    func geometry(columns: Int, rows: Int) {
        for rowsOfLEDs in [nil, 7, 9, 16, 24] as [Int?] {
            let geometry = ScreenGeometry(columns: columns, rows: rows, style: LEDGrid.classicUnits, lineHeight: 7,
                                          captionLines: 1, letterWidth: 6, grid: .round, rowsOfLEDs: rowsOfLEDs)
            let size = geometry.scale
            #expect(size >= 1)
            #expect(geometry.panelColumns % size == 0 && geometry.panelRows % size == 0 && geometry.textTop % size == 0)
            #expect(geometry.textTop + 7 * size <= geometry.panelRows)
            #expect(geometry.panelRows <= geometry.ledAreaRows)
            if let rowsOfLEDs {
                #expect(size == max(1, geometry.ledAreaRows / rowsOfLEDs),
                        "\(columns)x\(rows) at \(rowsOfLEDs) LEDs tall")
                #expect(geometry.panelRows / size <= rowsOfLEDs)
            }
        }
    }

    func scene(_ grid: LEDGrid, text: String, columns: Int, rows: Int, offset: Int, monochrome: Bool,
               rainbowPhase: Int? = nil, rowsOfLEDs: Int? = nil) -> MarqueeScene {
        let layout = TextLayout(text: text, font: LEDFont.builtIn)
        let geometry = ScreenGeometry(columns: columns, rows: rows, style: LEDGrid.classicUnits, lineHeight: layout.inkRows.count,
                                      captionLines: 0, grid: grid, rowsOfLEDs: rowsOfLEDs)
        let size = max(1, geometry.scale)
        return MarqueeScene(geometry: geometry, style: LEDGrid.classicUnits, monochrome: monochrome, messageID: 1,
                            plainText: TerminalLine(text), placement: .scrolling(ledOffset: offset / size * size, entry: .inView),
                            rainbowPhase: rainbowPhase, grid: grid)
    }

    @Test("each big LED is all one ink: lit by its font pixel, or unlit", arguments: [LEDGrid.round, .square])
    func wholeLEDs(grid: LEDGrid) {
        let layout = TextLayout(text: "HELLO", font: LEDFont.builtIn)
        for offset in stride(from: 0, through: 120, by: 7) {
            let scene = scene(grid, text: "HELLO", columns: 160, rows: 40, offset: offset, monochrome: false)
            let frame = FrameComposer.compose(scene, layout: layout)
            let geometry = scene.geometry
            let size = geometry.scale
            var litLEDs = 0
            for top in stride(from: 0, to: geometry.panelRows, by: size) {
                for left in stride(from: 0, to: geometry.panelColumns * 2, by: 2 * size) {
                    let inks = Set((top..<(top + size)).flatMap { row in
                        (left..<(left + 2 * size)).map { frame[row, $0].foreground }
                    })
                    #expect(inks.count == 1, "offset \(offset): LED at \(left),\(top) has \(inks)")
                    if inks.first == .led(.lit, hue: 0) { litLEDs += 1 }
                }
            }
            #expect(litLEDs > 0 || offset > 100, "offset \(offset): something lit")
        }
    }

    @Test("scroll steps of whole LEDs draw what a full paint draws, on the terminal too",
          arguments: [LEDGrid.round, .square])
    func steps(grid: LEDGrid) {
        var random = SplitMix64(seed: 0xC1A5 &+ UInt64(LEDGrid.allCases.firstIndex(of: grid)!))
        var known = 0
        for round in 0..<4 {
            let text = "HELLO WORLD FROM THE LED MARQUEE"
            let columns = Int.random(in: 40...220, using: &random), rows = Int.random(in: 12...60, using: &random)
            let layout = TextLayout(text: text, font: LEDFont.builtIn)
            let rowsOfLEDs: Int? = round == 1 ? 9 : nil
            var offset = 0
            var oldScene = scene(grid, text: text, columns: columns, rows: rows, offset: offset, monochrome: round == 3,
                                 rainbowPhase: round == 2 ? 4 : nil, rowsOfLEDs: rowsOfLEDs)
            var frame = FrameComposer.compose(oldScene, layout: layout)
            var screen = FrameModel(columns: 0, rows: 0)
            screen.follow(frame)
            var terminal = SimulatedTerminal(showing: frame)
            for index in 0..<50 {
                offset += oldScene.geometry.scale * (index % 11 == 10 ? 2 : 1)
                let next = scene(grid, text: text, columns: columns, rows: rows, offset: offset, monochrome: round == 3,
                                 rainbowPhase: round == 2 ? 4 : nil, rowsOfLEDs: rowsOfLEDs)
                if !FrameComposer.step(&frame, from: oldScene, to: next, layout: layout) {
                    frame = FrameComposer.compose(next, layout: layout)
                }
                if frame.step?.base == screen.stamp, frame.step!.cells > 0 { known += 1 }
                terminal.apply(FrameDiff(from: screen, to: frame, canShift: true))
                screen.follow(frame)
                let full = FrameComposer.compose(next, layout: layout)
                #expect(frame == full, "\(grid) \(columns)x\(rows) step \(index)")
                #expect(terminal.frame == full, "\(grid) \(columns)x\(rows) step \(index): the terminal")
                oldScene = next
            }
        }
        #expect(known > 100, "\(grid): \(known) of 200 steps shifted")
    }
}

/// The player's side of the classic grid: the scroll moves whole LEDs.
@Suite("Classic grid scenes")
struct ClassicGridSceneTests {
    @Test("a classic sign's scroll offset is always a whole number of its LEDs, and it does move",
          arguments: [LEDGrid.fine, .round, .square])
    func wholeLEDSteps(grid: LEDGrid) {
        var settings = PlayerSettings()
        settings.grid = grid
        var state = PlayerState(cues: [Cue(text: "HELLO WORLD FROM THE LED MARQUEE")], settings: settings, at: 0)
        _ = state.reduce(.start, at: 0)
        _ = state.reduce(.measured(MessageMeasure(textLEDs: 600, panelLEDs: 100, ledsPerCharacter: 12)), at: 0)
        let template = state.sceneTemplate(columns: 200, rows: 50, lineHeight: 7, letterWidth: 6)
        var offsets = Set<Int>()
        for step in 0..<300 {
            let scene = state.scene(at: Double(step) / 60, from: template)
            guard case let .scrolling(offset, _) = scene.placement else { Issue.record("not scrolling"); return }
            let size = scene.geometry.scale
            #expect(scene.grid == grid)
            #expect(size >= 1)
            if grid.isClassic { #expect(offset % size == 0, "offset \(offset) with LEDs of \(size)") }
            offsets.insert(offset)
        }
        #expect(offsets.count > 10, "\(offsets.count) positions in 5 s")
        let size = state.scene(at: 0, from: template).geometry.scale
        #expect(grid.isClassic ? offsets.allSatisfy { $0 % size == 0 } : offsets.contains { $0 % size != 0 } || size == 1)
    }
}
