import MarqueeCore
import MarqueeTerminal
import Testing

/// Lit and unlit LEDs must differ by colour or glyph on every palette, never
/// by bold or dim alone, and with a coarse palette no cell may be a colour
/// on itself. Each frame is composed as the player composes it, its inks
/// resolved as the screen resolves them, then read back LED by LED.
@Suite("Lit and unlit LEDs on every palette")
struct LitUnlitContrastTests {
    /// The palettes a terminal may have, detected as the screen detects them.
    enum Palette: String, CaseIterable, CustomTestStringConvertible {
        case eight, sixteen, noColor, palette256, direct

        var depth: ColorDepth {
            switch self {
            case .eight: ColorDepth.detect(environment: [:], terminfoColors: 8)
            case .sixteen: ColorDepth.detect(environment: [:], terminfoColors: 16)
            case .noColor: ColorDepth.detect(environment: ["NO_COLOR": "1"], terminfoColors: 256)
            case .palette256: ColorDepth.detect(environment: [:], terminfoColors: 256)
            case .direct: ColorDepth.detect(environment: ["COLORTERM": "truecolor"], terminfoColors: 0x1000000)
            }
        }

        var testDescription: String { rawValue }
    }

    static let colours: [LEDColor] = LEDColor.names.map(\.color)
    static let message = "HI 8"
    let layout = TextLayout(text: LitUnlitContrastTests.message, font: LEDFont.builtIn)

    /// The message laid out whole for the scene's panel, as the player keeps it.
    func rest(for scene: MarqueeScene) -> RestLayout? {
        RestLayout(text: Self.message, font: LEDFont.builtIn, panelColumns: scene.geometry.panelColumns,
                   panelRows: scene.geometry.panelRows, whole: layout)
    }

    /// The frame the player shows when `style` is asked for on a terminal
    /// that allows `glyphs`, and its scene (whose style may differ).
    func compose(style: LEDStyle, colour: LEDColor, monochrome: Bool, glyphs: TerminalGlyphs) -> (FrameModel, MarqueeScene) {
        var settings = PlayerSettings()
        settings.staticText = true
        settings.style = style
        settings.rainbow = colour == .rainbow
        settings.monochrome = monochrome
        var state = PlayerState(cues: [Cue(text: Self.message)], settings: settings)
        state.adapt(to: glyphs)
        let scene = state.scene(at: 10, columns: 48, rows: 14, lineHeight: layout.inkRows.count)
        return (FrameComposer.compose(scene, layout: layout, rest: rest(for: scene)), scene)
    }

    @Test("lit and unlit LEDs look different, by colour or glyph", arguments: LEDStyle.allCases, Palette.allCases)
    func litDiffersFromUnlit(style: LEDStyle, palette: Palette) throws {
        for term in ["xterm", "linux"] {
            for colour in Self.colours {
                let glyphs = TerminalGlyphs(term: term, depth: palette.depth)
                let (frame, scene) = compose(style: style, colour: colour, monochrome: palette == .noColor, glyphs: glyphs)
                // Which LEDs are lit, from the same style drawn in full colour.
                let (reference, referenceScene) = compose(style: scene.style, colour: colour, monochrome: false, glyphs: .standard)
                let lit = LEDLooks.litLEDs(in: reference, scene: referenceScene)
                let looks = LEDLooks.looks(of: frame, scene: scene, colors: InkColors(depth: palette.depth, color: colour))
                let litLooks = Set(looks.filter { lit.contains($0.key) }.values)
                let unlitLooks = Set(looks.filter { !lit.contains($0.key) }.values)
                let context = "\(term), \(colour), drawn as \(scene.style)"
                try #require(!litLooks.isEmpty && !unlitLooks.isEmpty, "the scene has lit and unlit LEDs (\(context))")
                #expect(litLooks.isDisjoint(with: unlitLooks),
                        "lit and unlit LEDs look alike (\(context)): \(litLooks.intersection(unlitLooks))")
                #expect(!looks.values.contains { $0.shape.hasPrefix("unexpected") }, "only the style's glyphs (\(context))")
            }
        }
    }

    @Test("with 8 or 16 colours or none, no cell is a colour on itself",
          arguments: LEDStyle.allCases, [Palette.eight, .sixteen, .noColor])
    func noColourOnItself(style: LEDStyle, palette: Palette) {
        for colour in Self.colours {
            let glyphs = TerminalGlyphs(term: "xterm", depth: palette.depth)
            var (frame, scene) = compose(style: style, colour: colour, monochrome: palette == .noColor, glyphs: glyphs)
            // The bottom rows too: a countdown bar and a controls line.
            scene.countdown = MarqueeScene.Countdown(filledEighths: 77, frozen: false)
            scene.controls = " 1/2  ▶ playing"
            frame = FrameComposer.compose(scene, layout: layout, rest: rest(for: scene))
            let colors = InkColors(depth: palette.depth, color: colour)
            let same = frame.cells.filter { cell in
                let resolved = colors.resolve(foreground: cell.foreground, background: cell.background)
                return resolved.foreground >= 0 && resolved.foreground == resolved.background
            }
            #expect(same.isEmpty, "\(colour): cells in one colour on itself: \(Set(same.map(\.scalar)))")
        }
    }

    @Test("256 colours and true colour keep the dim-LED grid and the half-block pair of inks",
          arguments: LEDStyle.allCases, [Palette.palette256, .direct])
    func fineColourUnchanged(style: LEDStyle, palette: Palette) {
        let glyphs = TerminalGlyphs(term: "xterm-256color", depth: palette.depth)
        #expect(glyphs == .standard)
        let (frame, _) = compose(style: style, colour: .solid(red: 255, green: 0, blue: 0), monochrome: false, glyphs: glyphs)
        let scalars = Set(frame.cells.map(\.scalar))
        #expect(scalars.isDisjoint(with: ["·", "░", "▄"]), "no unlit glyphs in fine colour: \(scalars)")
    }
}
