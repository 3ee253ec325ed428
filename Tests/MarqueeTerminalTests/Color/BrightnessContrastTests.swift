import MarqueeCore
import MarqueeTerminal
import Testing

/// A sign at `--brightness 10`, composed as the player composes it and its
/// inks resolved as the screen resolves them: in every style, on every
/// palette, lit LEDs still look different from unlit ones (by colour or
/// glyph; bold and dim are not counted), and with colours no unlit LED is
/// black, the background's colour.
@Suite("Lit and unlit LEDs apart at low brightness")
struct BrightnessContrastTests {
    static let message = "HI 8"
    let layout = TextLayout(text: BrightnessContrastTests.message, font: LEDFont.builtIn)

    /// The frame and scene of the message at rest at `percent`.
    func compose(style: LEDStyle, colour: LEDColor, percent: Int, monochrome: Bool, glyphs: TerminalGlyphs) -> (FrameModel, MarqueeScene) {
        var settings = PlayerSettings()
        settings.staticText = true
        settings.style = style
        settings.rainbow = colour == .rainbow
        settings.monochrome = monochrome
        settings.brightness = Brightness(percent: percent)!
        var state = PlayerState(cues: [Cue(text: Self.message)], settings: settings)
        state.adapt(to: glyphs)
        let scene = state.scene(at: 10, columns: 48, rows: 14, lineHeight: layout.inkRows.count)
        let rest = RestLayout(text: Self.message, font: LEDFont.builtIn, panelColumns: scene.geometry.panelColumns,
                              panelRows: scene.geometry.panelRows, whole: layout)
        return (FrameComposer.compose(scene, layout: layout, rest: rest), scene)
    }

    @Test("the scene and the frame carry the brightness to the screen")
    func carried() {
        let (frame, scene) = compose(style: .dots, colour: LEDColor.names[0].color, percent: 10, monochrome: false, glyphs: .standard)
        #expect(scene.brightness == 0.1 && frame.ledBrightness == 0.1)
    }

    @Test("at 10 % lit and unlit LEDs look different, and unlit is not black",
          arguments: LEDStyle.allCases, LitUnlitContrastTests.Palette.allCases)
    func apart(style: LEDStyle, palette: LitUnlitContrastTests.Palette) throws {
        for colour in LEDColor.names.map(\.color) {
            let glyphs = TerminalGlyphs(term: "xterm", depth: palette.depth)
            let (frame, scene) = compose(style: style, colour: colour, percent: 10, monochrome: palette == .noColor, glyphs: glyphs)
            let (reference, referenceScene) = compose(style: scene.style, colour: colour, percent: 100, monochrome: false, glyphs: .standard)
            let lit = LEDLooks.litLEDs(in: reference, scene: referenceScene)
            let colors = InkColors(depth: palette.depth, color: colour, brightness: scene.brightness)
            let looks = LEDLooks.looks(of: frame, scene: scene, colors: colors)
            let litLooks = Set(looks.filter { lit.contains($0.key) }.values)
            let unlitLooks = Set(looks.filter { !lit.contains($0.key) }.values)
            let context = "\(colour.spelled), drawn as \(scene.style)"
            try #require(!litLooks.isEmpty && !unlitLooks.isEmpty, "the scene has lit and unlit LEDs (\(context))")
            #expect(litLooks.isDisjoint(with: unlitLooks), "lit and unlit LEDs look alike (\(context)): \(litLooks.intersection(unlitLooks))")
            if palette.depth.showsShades {
                let black: Set<Paint> = [.colour(0), .colour(16)]
                #expect(unlitLooks.allSatisfy { $0.paints.allSatisfy { !black.contains($0) } }, "unlit LEDs black (\(context)): \(unlitLooks)")
            }
        }
    }
}
