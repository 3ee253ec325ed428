import Testing
@testable import MarqueeCore

/// LEDs in brightness steps on the panel (docs/display.md, "LEDs in
/// brightness steps"), with a face whose steps are known: the built-in
/// face with a third beside each lit LED's right and two thirds under it.
@Suite("Brightness steps on the panel")
struct LevelStepFrameTests {
    /// The built-in face with steps added where its LEDs are dark: step 1
    /// right of a lit LED, step 2 below one (3 where both).
    struct SteppedFace: GlyphSource {
        func glyph(for scalar: Unicode.Scalar) -> Glyph? {
            guard var glyph = LEDFont.builtIn.glyph(for: scalar) else { return nil }
            let columns = glyph.columns
            let mask = glyph.height >= 64 ? UInt64.max : (UInt64(1) << UInt64(glyph.height)) - 1
            let low = columns.indices.map { x in x == 0 ? 0 : columns[x - 1] & ~columns[x] & mask }
            let high = columns.map { $0 << 1 & ~$0 & mask }
            glyph.levels = GlyphLevels(low: low, high: high)
            return glyph
        }
    }

    func scene(_ style: LEDStyle, grid: LEDGrid = .fine, offset: Int, glow: Bool = false,
               glyphs: TerminalGlyphs = .standard, litShade: LEDShade = .lit) -> (MarqueeScene, TextLayout) {
        let layout = TextLayout(text: "HI WORLD 8", font: SteppedFace())
        let units = grid.isClassic ? LEDGrid.classicUnits : style
        let geometry = ScreenGeometry(columns: 150, rows: 36, style: units, lineHeight: layout.inkRows.count,
                                      captionLines: 0, letterWidth: 6, grid: grid)
        let size = grid.isClassic ? max(1, geometry.scale) : (style == .braille ? 2 : 1)
        let scene = MarqueeScene(geometry: geometry, style: units, monochrome: false, messageID: 1,
                                 plainText: TerminalLine("HI WORLD 8"),
                                 placement: .scrolling(ledOffset: offset / size * size, entry: .inView), litShade: litShade,
                                 glyphs: glyphs, grid: grid, glow: glow)
        return (scene, layout)
    }

    static func inks(_ frame: FrameModel) -> [Ink] {
        (0..<frame.rows).flatMap { row in (0..<frame.columns).flatMap { [frame[row, $0].foreground, frame[row, $0].background] } }
    }

    @Test("each step is drawn in its shade beside the lit LEDs; lit LEDs are the threshold's", arguments: [LEDStyle.dots, .blocks, .half])
    func shades(style: LEDStyle) {
        let (stepped, layout) = scene(style, offset: 30)
        let plainLayout = TextLayout(text: "HI WORLD 8", font: LEDFont.builtIn)
        let frame = FrameComposer.compose(stepped, layout: layout)
        let plain = FrameComposer.compose(stepped, layout: plainLayout)
        let inks = Self.inks(frame)
        for shade in [LEDShade.glow1, .glow2, .glow3] {
            #expect(inks.contains(.led(shade, hue: 0)), "\(style): \(shade)")
        }
        for (before, after) in zip(Self.inks(plain), inks) where before != after {
            #expect(before == .led(.unlit, hue: 0), "\(style): only unlit LEDs take a step")
        }
    }

    @Test("no steps at 8 colours, while fading in, or in braille")
    func noSteps() {
        let cases: [(LEDStyle, TerminalGlyphs, LEDShade)] = [
            (.dots, TerminalGlyphs(repertoire: .unicode, coarseColor: true), .lit),
            (.dots, .standard, .glow2),
            (.braille, .standard, .lit),
        ]
        for (style, glyphs, lit) in cases {
            let (stepped, layout) = scene(style, offset: 30, glyphs: glyphs, litShade: lit)
            let inks = Set(Self.inks(FrameComposer.compose(stepped, layout: layout)))
            let expected: Set<Ink> = [.led(.unlit, hue: 0), .led(lit, hue: 0)]
            #expect(inks.subtracting([.plain]).isSubset(of: expected), "\(style) \(glyphs) \(lit): \(inks)")
        }
    }

    @Test("a step wins over glow, and glow still lights the dark LEDs beside")
    func withGlow() {
        let (glowing, layout) = scene(.dots, offset: 30, glow: true)
        let (stepped, _) = scene(.dots, offset: 30)
        let on = Self.inks(FrameComposer.compose(glowing, layout: layout))
        let off = Self.inks(FrameComposer.compose(stepped, layout: layout))
        for (a, b) in zip(off, on) where a != b {
            #expect(a == .led(.unlit, hue: 0) && b == .led(.glow1, hue: 0))
        }
        #expect(on.contains(.led(.glow3, hue: 0)))
    }

    @Test("scroll steps with brightness steps draw what a full paint draws",
          arguments: [(LEDStyle.dots, LEDGrid.fine, false), (.half, .fine, false), (.blocks, .fine, true), (.dots, .round, false),
                      (.dots, .square, true)])
    func scrollSteps(style: LEDStyle, grid: LEDGrid, glow: Bool) {
        let (_, layout) = scene(style, grid: grid, offset: 0, glow: glow)
        let shifted = playScrollSteps(layout: layout, { scene(style, grid: grid, offset: $0, glow: glow).0 }, "\(style) \(grid)")
        #expect(shifted > 40)
    }

    @Test("at rest, each line of the rest layout shows its steps")
    func rest() throws {
        let font = SteppedFace()
        let layout = TextLayout(text: "OPEN", font: font)
        let geometry = ScreenGeometry(columns: 100, rows: 30, style: .dots, lineHeight: layout.inkRows.count,
                                      captionLines: 0, letterWidth: 6, grid: .fine)
        let rest = try #require(RestLayout(text: "OPEN", font: font, panelColumns: geometry.panelColumns,
                                           panelRows: geometry.panelRows))
        let scene = MarqueeScene(geometry: geometry, style: .dots, monochrome: false, messageID: 1,
                                 plainText: TerminalLine("OPEN"), placement: .rest)
        let inks = Self.inks(FrameComposer.compose(scene, layout: layout, rest: rest))
        #expect(inks.contains(.led(.glow1, hue: 0)) && inks.contains(.led(.glow2, hue: 0)))
    }
}
