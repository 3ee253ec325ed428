import Testing
@testable import MarqueeCore

/// `--glow` (docs/display.md, "Glow"): unlit LEDs beside a lit one at the
/// faintest shade, only while decorative effects may run.
@Suite("Glow")
struct GlowTests {
    func scene(_ style: LEDStyle, grid: LEDGrid = .fine, offset: Int, glow: Bool, monochrome: Bool = false,
               columns: Int = 120, rows: Int = 30) -> (MarqueeScene, TextLayout) {
        let layout = TextLayout(text: "HI WORLD", font: LEDFont.builtIn)
        let units = grid.isClassic ? LEDGrid.classicUnits : style
        let geometry = ScreenGeometry(columns: columns, rows: rows, style: units, lineHeight: layout.inkRows.count,
                                      captionLines: 0, letterWidth: 6, grid: grid)
        let size = grid.isClassic ? max(1, geometry.scale) : 1
        let scene = MarqueeScene(geometry: geometry, style: units, monochrome: monochrome, messageID: 1,
                                 plainText: TerminalLine("HI WORLD"),
                                 placement: .scrolling(ledOffset: offset / size * size, entry: .inView), grid: grid, glow: glow)
        return (scene, layout)
    }

    @Test("with glow, the unlit LEDs next to lit ones take the faintest shade; the rest stay unlit; without, none glows",
          arguments: [LEDStyle.dots, .blocks, .half])
    func neighbours(style: LEDStyle) {
        let (plain, layout) = scene(style, offset: 10, glow: false, columns: 200, rows: 60)
        let (glowing, _) = scene(style, offset: 10, glow: true, columns: 200, rows: 60)
        let off = FrameComposer.compose(plain, layout: layout)
        let on = FrameComposer.compose(glowing, layout: layout)
        func inks(_ frame: FrameModel) -> [Ink] {
            (0..<frame.rows).flatMap { row in (0..<frame.columns).flatMap { [frame[row, $0].foreground, frame[row, $0].background] } }
        }
        #expect(!inks(off).contains(.led(.glow1, hue: 0)))
        let glowCount = inks(on).filter { $0 == .led(.glow1, hue: 0) }.count
        let litOff = inks(off).filter { $0 == .led(.lit, hue: 0) }.count
        #expect(glowCount > 0)
        // Lit LEDs are the same either way; glow only ever replaces unlit.
        #expect(inks(on).filter { $0 == .led(.lit, hue: 0) }.count == litOff)
        for (a, b) in zip(inks(off), inks(on)) where a != b {
            #expect(a == .led(.unlit, hue: 0) && b == .led(.glow1, hue: 0))
        }
        // Far from the text nothing glows: the top row is all unlit.
        #expect((0..<on.columns).allSatisfy { on[0, $0].foreground != .led(.glow1, hue: 0) })
    }

    @Test("monochrome has no shade to glow in")
    func monochrome() {
        let (scene, layout) = scene(.dots, offset: 10, glow: true, monochrome: true)
        let frame = FrameComposer.compose(scene, layout: layout)
        #expect((0..<frame.rows).allSatisfy { row in (0..<frame.columns).allSatisfy { frame[row, $0].foreground != .led(.glow1, hue: 0) } })
    }

    @Test("scroll steps with glow draw what a full paint draws: the LED beside the new ones is painted again",
          arguments: [(LEDStyle.dots, LEDGrid.fine), (.half, .fine), (.blocks, .fine), (.dots, .round)])
    func steps(style: LEDStyle, grid: LEDGrid) {
        let (_, layout) = scene(style, grid: grid, offset: 0, glow: true, columns: 150, rows: 36)
        let shifted = playScrollSteps(layout: layout, { scene(style, grid: grid, offset: $0, glow: true, columns: 150, rows: 36).0 },
                                      "\(style) \(grid)")
        #expect(shifted > 40)
    }
}

/// The player's side: glow only while decorative effects are allowed.
@Suite("Glow and the motion policy")
struct GlowPolicyTests {
    @Test("--glow glows at thermal nominal and stops at fair, where effects are not allowed")
    func policy() {
        for (thermal, glows) in [(ThermalState.nominal, true), (.fair, false), (.serious, false)] {
            var settings = PlayerSettings()
            settings.glow = true
            settings.thermalOverride = thermal
            var state = PlayerState(cues: [Cue(text: "HELLO")], settings: settings, at: 0)
            _ = state.reduce(.start, at: 0)
            let scene = state.scene(at: 0, columns: 80, rows: 24, lineHeight: 7)
            #expect(scene.glow == glows, "\(thermal)")
        }
        var state = PlayerState(cues: [Cue(text: "HELLO")], settings: PlayerSettings(), at: 0)
        _ = state.reduce(.start, at: 0)
        #expect(!state.scene(at: 0, columns: 80, rows: 24, lineHeight: 7).glow)
    }
}
