import Testing
@testable import MarqueeCore

/// The mode path (docs/display.md, "Display modes"): a mode's canvas drawn
/// by the sign's own painter, and each transition a pure function of its
/// progress that starts and ends where it must.
@Suite("Mode canvas and transitions")
struct ModeCanvasTests {
    func scene(_ style: LEDStyle, grid: LEDGrid = .fine, placement: MarqueeScene.Placement = .rest, rainbow: Bool = false,
               glow: Bool = false) -> (MarqueeScene, TextLayout, RestLayout?) {
        let layout = TextLayout(text: "SALE NOW ON", font: LEDFont.builtIn)
        let units = grid.isClassic ? LEDGrid.classicUnits : style
        let geometry = ScreenGeometry(columns: 120, rows: 30, style: units, lineHeight: layout.inkRows.count,
                                      captionLines: 0, letterWidth: 6, grid: grid)
        let scene = MarqueeScene(geometry: geometry, style: units, monochrome: false, messageID: 1,
                                 plainText: TerminalLine("SALE NOW ON"), placement: placement,
                                 rainbowPhase: rainbow ? 3 : nil, grid: grid, glow: glow)
        let size = grid.isClassic ? max(1, geometry.scale) : 1
        let rest = grid.isClassic
            ? RestLayout.pages(text: "SALE NOW ON", font: LEDFont.builtIn, panelColumns: geometry.panelColumns / size,
                               panelRows: geometry.panelRows / size, maximumScale: 1, whole: layout, margin: 0)
                .first?.enlarged(by: size)
            : RestLayout.pages(text: "SALE NOW ON", font: LEDFont.builtIn, panelColumns: geometry.panelColumns,
                               panelRows: geometry.panelRows, whole: layout).first
        return (scene, layout, rest)
    }

    func cells(_ frame: FrameModel) -> [String] {
        (0..<frame.rows).flatMap { row in (0..<frame.columns).map { "\(frame[row, $0])" } }
    }

    @Test("a transition at its end draws, cell for cell, the frame the sign draws without it: every style, grid, rainbow, glow",
          arguments: [(LEDStyle.dots, LEDGrid.fine), (.blocks, .fine), (.half, .fine), (.braille, .fine), (.dots, .round), (.dots, .square)])
    func endIsTheSign(style: LEDStyle, grid: LEDGrid) {
        for (rainbow, glow) in [(false, false), (true, false), (false, true)] {
            for placement in [MarqueeScene.Placement.rest, .scrolling(ledOffset: 14, entry: .inView)] {
                var (scene, layout, rest) = self.scene(style, grid: grid, placement: placement, rainbow: rainbow, glow: glow)
                let plain = FrameComposer.compose(scene, layout: layout, rest: rest)
                scene.mode = ModeScene(effect: .transition(.wipeLeft, entering: true, step: 24, steps: 24), seed: 7)
                let moded = FrameComposer.compose(scene, layout: layout, rest: rest)
                #expect(cells(plain) == cells(moded), "\(style) \(grid) rainbow \(rainbow) glow \(glow) \(placement)")
                #expect(LEDPanel(scene, layout: layout, rest: rest) == { var s = scene; s.mode = nil; return LEDPanel(s, layout: layout, rest: rest) }())
            }
        }
    }

    @Test("a transition under way differs from the sign, and its middle lights fewer LEDs", arguments: Transition.drawn)
    func middleDiffers(transition: Transition) throws {
        let (scene, layout, rest) = self.scene(.dots)
        let source = try #require(ModeComposer.canvas(of: scene, layout: layout, rest: rest))
        let lit = source.shades.filter { $0 == LEDShade.lit.rawValue }.count
        #expect(lit > 0)
        for entering in [true, false] {
            let middle = TransitionFrame.frame(transition, source: source, progress: 0.5, entering: entering, seed: 11)
            #expect(middle != source, "\(transition.rawValue) entering \(entering)")
        }
    }

    @Test("entering ends on the message and starts blank; leaving starts on it and ends blank", arguments: Transition.allCases)
    func ends(transition: Transition) throws {
        let (scene, layout, rest) = self.scene(.half)
        let source = try #require(ModeComposer.canvas(of: scene, layout: layout, rest: rest))
        #expect(TransitionFrame.frame(transition, source: source, progress: 1, entering: true, seed: 3) == source)
        #expect(TransitionFrame.frame(transition, source: source, progress: 0, entering: false, seed: 3) == source)
        #expect(TransitionFrame.frame(transition, source: source, progress: 1, entering: false, seed: 3) == source.blank)
        #expect(TransitionFrame.frame(transition, source: source, progress: 0, entering: true, seed: 3) == source.blank)
        // A pure function: the same progress, the same frame.
        #expect(TransitionFrame.frame(transition, source: source, progress: 0.37, entering: true, seed: 3)
            == TransitionFrame.frame(transition, source: source, progress: 0.37, entering: true, seed: 3))
    }

    @Test("a transition never lights an LED outside the message's, but for a cursor, a spark or one on its way")
    func dissolveOnlyLightsTheMessage() throws {
        let (scene, layout, rest) = self.scene(.dots)
        let source = try #require(ModeComposer.canvas(of: scene, layout: layout, rest: rest))
        for transition in [Transition.wipeLeft, .wipeRight, .wipeUp, .wipeDown, .wipeIn, .wipeOut, .dissolve, .sparkle] {
            for progress in stride(from: 0.0, through: 1.0, by: 0.125) {
                let frame = TransitionFrame.frame(transition, source: source, progress: progress, entering: true, seed: 5)
                for row in 0..<source.rows {
                    for column in 0..<source.columns where frame.isLit(column, row) {
                        #expect(source.isLit(column, row), "\(transition.rawValue) at \(progress)")
                    }
                }
            }
        }
    }

    @Test("on a classic sign a mode works in big LEDs: its canvas is the sign's LEDs, and a dissolve lights some of them")
    func classicWholeLEDs() throws {
        var (scene, layout, rest) = self.scene(.dots, grid: .round)
        let source = try #require(ModeComposer.canvas(of: scene, layout: layout, rest: rest))
        let size = LEDPanel.size(of: scene)
        #expect(source.columns == size.columns && source.rows == size.rows)
        let full = LEDPanel(scene, layout: layout, rest: rest).inks.filter { Ink(code: Int($0)) == .led(.lit, hue: 0) }.count
        scene.mode = ModeScene(effect: .transition(.dissolve, entering: true, step: 15, steps: 30), seed: 9)
        let half = LEDPanel(scene, layout: layout, rest: rest).inks.filter { Ink(code: Int($0)) == .led(.lit, hue: 0) }.count
        #expect(half > 0 && half < full)
    }
}
