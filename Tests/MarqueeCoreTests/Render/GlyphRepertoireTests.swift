import Testing
@testable import MarqueeCore

@Suite("Glyph repertoire")
struct GlyphRepertoireTests {
    @Test("TERM=linux and its variants are the console; emulators are Unicode", arguments: [
        ("linux", GlyphRepertoire.linuxConsole), ("linux-16color", .linuxConsole), ("linux-m", .linuxConsole),
        ("linux2.6", .linuxConsole), ("linux+decid", .linuxConsole),
        ("xterm", .unicode), ("xterm-256color", .unicode), ("screen", .unicode), ("tmux-256color", .unicode),
        ("vt100", .unicode), ("", .unicode),
    ])
    func fromTerm(term: String, expected: GlyphRepertoire) {
        #expect(GlyphRepertoire(term: term) == expected)
    }

    @Test("no TERM is not the console")
    func noTerm() {
        #expect(GlyphRepertoire(term: nil) == .unicode)
    }

    @Test("on the console half becomes blocks and braille dots; Unicode keeps every style", arguments: [
        (LEDStyle.dots, LEDStyle.dots), (.blocks, .blocks), (.half, .blocks), (.braille, .dots),
    ])
    func drawableStyle(asked: LEDStyle, onConsole: LEDStyle) {
        #expect(GlyphRepertoire.linuxConsole.drawableStyle(asked) == onConsole)
        #expect(GlyphRepertoire.unicode.drawableStyle(asked) == asked)
    }

    @Test("the countdown's partial cell: an eighth block each in Unicode, ░ or ▒ on the console")
    func partialBarCell() {
        let unicode = (1...7).map { GlyphRepertoire.unicode.partialBarCell(eighths: $0) }
        #expect(unicode == ["▏", "▎", "▍", "▌", "▋", "▊", "▉"])
        let console = (1...7).map { GlyphRepertoire.linuxConsole.partialBarCell(eighths: $0) }
        #expect(console == ["░", "░", "░", "▒", "▒", "▒", "▒"])
    }

    @Test("status symbols the console lacks are spelled in ASCII; other text is kept")
    func spell() {
        #expect(GlyphRepertoire.linuxConsole.spell(" 1/3  ‖ paused  60 fps") == " 1/3  || paused  60 fps")
        #expect(GlyphRepertoire.linuxConsole.spell("▶ playing → °C") == "▶ playing → °C")
        #expect(GlyphRepertoire.unicode.spell("‖ paused") == "‖ paused")
    }

    @Test("adapting to the console swaps the style and carries the glyphs into every scene")
    func adaptState() {
        var settings = PlayerSettings()
        settings.style = .half
        var state = PlayerState(cues: [Cue(text: "A"), Cue(text: "B")], settings: settings)
        let console = TerminalGlyphs(repertoire: .linuxConsole, coarseColor: true)
        state.adapt(to: console)
        #expect(state.settings.style == .blocks)
        _ = state.reduce(.key(.character(" ")), at: 1)
        let scene = state.scene(at: 1, columns: 40, rows: 12, lineHeight: 7)
        #expect(scene.glyphs == console)
        #expect(scene.style == .blocks)
        #expect(scene.controls?.contains("|| paused") == true, "controls: \(scene.controls ?? "none")")
    }

    @Test("the countdown bar: eighth blocks in Unicode, whole cells on the console, at every fill",
          arguments: GlyphRepertoire.allCases)
    func countdownCells(repertoire: GlyphRepertoire) throws {
        let layout = TextLayout(text: "A", font: LEDFont.builtIn)
        let geometry = ScreenGeometry(columns: 6, rows: 10, style: .dots, lineHeight: layout.inkRows.count, hasCaption: false)
        let row = try #require(geometry.countdownRow)
        var used = Set<Unicode.Scalar>()
        for eighths in 0...48 {
            let scene = MarqueeScene(geometry: geometry, style: .dots, monochrome: false, messageID: 0, plainText: "A",
                                     placement: .rest, countdown: .init(filledEighths: eighths, frozen: false),
                                     glyphs: TerminalGlyphs(repertoire: repertoire, coarseColor: true))
            let frame = FrameComposer.compose(scene, layout: layout)
            used.formUnion((0..<frame.columns).map { frame[row, $0].scalar })
        }
        let expected: Set<Unicode.Scalar> = repertoire == .linuxConsole
            ? [" ", "█", "░", "▒"]
            : [" ", "█", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        #expect(used == expected)
    }
}
