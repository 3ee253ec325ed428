import MarqueeCore
import Testing
@testable import MarqueeApp

/// The kept layouts follow a message's own style: two messages of one
/// text in two styles never share a measure, a rest layout or a frame.
@Suite("Layouts of messages with their own style")
struct MessageLayoutsLookTests {
    static let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)

    @Test("the same text in dots, then braille, then dots measures and draws for each style")
    func styleKeysTheCaches() {
        var layouts = MessageLayouts(fonts: Self.fonts)
        let cues = [Cue(text: "SAME", seconds: 5), Cue(text: "SAME", seconds: 5, look: CueLook(style: .braille))]
        var state = PlayerState(cues: cues, settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.measured(layouts.measure(state, columns: 60, rows: 16)), at: 0)
        let dots = layouts.measure(state, columns: 60, rows: 16)
        let dotsFrame = layouts.changedFrame(state, at: 0, columns: 60, rows: 16, shown: nil).frame
        _ = state.reduce(.key(.character("n")), at: 1)
        let braille = layouts.measure(state, columns: 60, rows: 16)
        _ = state.reduce(.measured(braille), at: 1)
        let brailleFrame = layouts.changedFrame(state, at: 1, columns: 60, rows: 16, shown: nil).frame
        #expect(dots.panelLEDs == 30 && braille.panelLEDs == 120)
        #expect(brailleFrame?.text.contains("●") == false && dotsFrame?.text.contains("●") == true)
        _ = state.reduce(.key(.character("n")), at: 2)
        #expect(layouts.measure(state, columns: 60, rows: 16) == dots)
    }

    @Test("the same text in two colours composes two frames, the second not shifted from the first")
    func colourKeysTheKeptFrame() throws {
        var layouts = MessageLayouts(fonts: Self.fonts)
        let green = CueLook(color: LEDColor(parsing: "green"))
        let red = CueLook(color: LEDColor(parsing: "red"))
        var state = PlayerState(cues: [Cue(text: "OK", look: green), Cue(text: "OK", look: red)], settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.measured(layouts.measure(state, columns: 60, rows: 16)), at: 0)
        let (greenScene, greenFrame) = layouts.changedFrame(state, at: 0, columns: 60, rows: 16, shown: nil)
        _ = state.reduce(.key(.character("n")), at: 1)
        let (redScene, redFrame) = layouts.changedFrame(state, at: 1, columns: 60, rows: 16, shown: greenScene)
        #expect(try #require(greenFrame).ledColor == green.color && redScene.color == red.color)
        #expect(try #require(redFrame).ledColor == red.color)
    }
}
