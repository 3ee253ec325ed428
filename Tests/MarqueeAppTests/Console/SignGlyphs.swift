@testable import MarqueeApp
import MarqueeCore
import MarqueeTerminal
import PowerProbe

/// Every character the sign draws on a terminal, collected by playing the
/// real player model through its states (keys, notices, power readings,
/// help, completion, the countdown, a fade, a missing glyph, a terminal too
/// small for LEDs) in every style and palette, and composing the frames the
/// screen would draw. The collection comes from the code, so a glyph added
/// anywhere in the painter, composer or status line shows up here.
enum SignGlyphs {
    /// Palettes as the app sees them: NO_COLOR (monochrome, no colours),
    /// a terminal without colours, 8 (and 16), 256 colours and true colour.
    static let palettes: [(depth: ColorDepth, monochrome: Bool)] = [
        (.none, true), (.none, false), (.eight, false), (.palette256, false), (.direct, false),
    ]

    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    /// The messages' own text is the user's: it is plain ASCII here, so
    /// only what the program adds is under test. U+E000 has no glyph in
    /// any font and is drawn as the placeholder box.
    static let cues = [
        Cue(text: "HI 8", caption: "a caption", seconds: 2),
        Cue(text: "A\u{E000}B", seconds: 2),
    ]

    /// What the sign draws on `term`, less the messages' own characters
    /// (shown as written, whatever the terminal: they are the user's).
    static func drawn(term: String) -> Set<Unicode.Scalar> {
        var scalars = Set<Unicode.Scalar>()
        for style in LEDStyle.allCases {
            for palette in palettes {
                var settings = PlayerSettings()
                settings.style = style
                settings.monochrome = palette.monochrome
                // Rainbow changes hues, not glyphs; once per style is enough to know.
                settings.rainbow = palette.depth == .eight
                scalars.formUnion(playThrough(settings, glyphs: TerminalGlyphs(term: term, depth: palette.depth)))
            }
        }
        let messages = cues.flatMap { [$0.text, $0.caption ?? ""] }.joined()
        return scalars.subtracting(messages.unicodeScalars)
    }

    /// Plays `settings` through every state the status line and overlays
    /// have, collecting what each frame draws.
    private static func playThrough(_ settings: PlayerSettings, glyphs: TerminalGlyphs) -> Set<Unicode.Scalar> {
        var state = PlayerState(cues: cues, settings: settings, seed: 1, at: 0)
        state.adapt(to: glyphs)
        var scalars = Set<Unicode.Scalar>()
        var t = 0.0
        func look() {
            scalars.formUnion(drawnScalars(state, at: t + 0.45, columns: 64, rows: 16))
            t += 0.5
        }
        func press(_ keys: String) {
            for key in keys { _ = state.reduce(.key(.character(key)), at: t) }
            look()
        }
        press("x")                                         // playing, controls shown
        press(" "); press(" ")                             // paused, playing again
        press("m"); press(" "); press("m")                 // stopped (reduce motion), pause refused
        press("b"); press("b"); press("b")                 // low power on, off, auto
        press("tt"); press("t"); press("t"); press("t")    // fair, serious, critical, auto
        press("?"); press("?")                             // help open and closed
        press("n"); press("p"); press("+"); press("-"); press("r")
        // Mid-fade into the next message, and a terminal too small for LEDs.
        _ = state.reduce(.key(.character("n")), at: t)
        scalars.formUnion(drawnScalars(state, at: t + PlayerState.fadeSeconds / 3, columns: 64, rows: 16))
        scalars.formUnion(drawnScalars(state, at: t + 0.45, columns: 40, rows: 5))
        look()
        for notice in [true, false].map(FontLoader.missingGlyphsNotice(fallbackInstalled:)) {
            _ = state.reduce(.notice(notice), at: 0)
            look()
        }
        for reading in powerReadings {
            _ = state.reduce(.power(PowerSampler.conditions(from: reading)), at: t)
            press("x")
        }
        _ = state.reduce(.scene(.background), at: t)
        look()
        _ = state.reduce(.scene(.active), at: t)
        // The countdown bar at every eighth of a 16-column bar over a wait,
        // running and then frozen.
        press("x")
        let start = t
        while t < start + cues[0].seconds {
            scalars.formUnion(drawnScalars(state, at: t, columns: 16, rows: 8))
            t += cues[0].seconds / (16 * 8)
        }
        press(" ")
        // --once: after the last wait the flow is done.
        var once = settings
        once.loop = false
        var finishing = PlayerState(cues: cues, settings: once, seed: 1, at: 0)
        finishing.adapt(to: glyphs)
        _ = finishing.reduce(.key(.character("x")), at: 0)
        for step in 1...4 { _ = finishing.reduce(.advanceDue, at: Double(step) * 2) }
        scalars.formUnion(drawnScalars(finishing, at: 8.5, columns: 64, rows: 16))
        return scalars
    }

    /// Readings with every kind of thermal and power text the probe gives.
    private static let powerReadings = [
        PowerReading(thermal: .fair, hottestCelsius: 71, thermalSource: "thermal_zone0", lowPower: false, supply: .ac),
        PowerReading(thermal: .critical, hottestCelsius: 96.4, lowPower: true, supply: .battery(percent: 15),
                     powerSaver: true, lowBattery: true),
        PowerReading(thermal: .nominal, supply: .battery(percent: nil)),
        PowerReading(),
    ]

    private static let layouts = Dictionary(uniqueKeysWithValues: cues.map { cue in
        (cue.text, TextLayout(text: cue.text, font: fonts.source(for: cue.text)))
    })

    private static func drawnScalars(_ state: PlayerState, at t: Double, columns: Int, rows: Int) -> Set<Unicode.Scalar> {
        guard let layout = layouts[state.currentCue.text] else { return [] }
        let scene = state.scene(at: t, columns: columns, rows: rows, lineHeight: layout.inkRows.count)
        let font = fonts.source(for: state.currentCue.text)
        let rest = RestLayout(text: state.currentCue.text, font: font, panelColumns: scene.geometry.panelColumns,
                              panelRows: scene.geometry.panelRows, whole: layout)
        let frame = FrameComposer.compose(scene, layout: layout, rest: rest)
        return Set(frame.cells.map(\.scalar)).subtracting([Cell.continuation.scalar])
    }
}
