import Testing
@testable import MarqueeCore

/// A message's own colour travels with its frame (``FrameModel/ledColor``):
/// the cells' inks are the same numbers in any colour, so the frame must
/// say which, and a change of colour alone must still be drawn.
@Suite("Frame colour")
struct FrameColorTests {
    let layout = TextLayout(text: "BUILD OK", font: LEDFont.builtIn)
    static let red = LEDColor(parsing: "red")!
    static let green = LEDColor(parsing: "green")!

    func scene(color: LEDColor?, offset: Int = 10) -> MarqueeScene {
        let geometry = ScreenGeometry(columns: 81, rows: 20, style: .dots, lineHeight: layout.inkRows.count, hasCaption: false)
        return MarqueeScene(geometry: geometry, style: .dots, monochrome: false, messageID: 0, plainText: "BUILD OK",
                            placement: .scrolling(ledOffset: offset, entry: .inView), color: color)
    }

    @Test("the composer gives the frame the scene's colour; frames of two colours differ though their cells agree")
    func framesCarryTheColour() {
        let green = FrameComposer.compose(scene(color: Self.green), layout: layout)
        let red = FrameComposer.compose(scene(color: Self.red), layout: layout)
        #expect(green.ledColor == Self.green && red.ledColor == Self.red)
        #expect(FrameComposer.compose(scene(color: nil), layout: layout).ledColor == nil)
        #expect(green.cells == red.cells)
        #expect(green != red)
    }

    @Test("a change of colour alone redraws every cell; the same colour redraws none")
    func diffRedrawsOnColour() {
        let green = FrameComposer.compose(scene(color: Self.green), layout: layout)
        let red = FrameComposer.compose(scene(color: Self.red), layout: layout)
        var terminal = SimulatedTerminal(showing: green)
        terminal.apply(FrameDiff(from: green, to: red, canShift: true))
        #expect(terminal.cellsWritten == red.columns * red.rows && terminal.shiftedRows == 0)
        var same = SimulatedTerminal(showing: red)
        same.apply(FrameDiff(from: red, to: red, canShift: true))
        #expect(same.cellsWritten == 0)
    }

    @Test("a scroll step into another colour is composed afresh, not shifted from the old frame")
    func noShiftAcrossColours() {
        let old = scene(color: Self.green, offset: 10)
        let new = scene(color: Self.red, offset: 11)
        #expect(FrameComposer.scrollStep(from: old, to: scene(color: Self.green, offset: 11), layout: layout) != nil)
        #expect(FrameComposer.scrollStep(from: old, to: new, layout: layout) == nil)
        let composed = FrameComposer.compose(new, layout: layout, after: (old, FrameComposer.compose(old, layout: layout)))
        #expect(composed == FrameComposer.compose(new, layout: layout) && composed.ledColor == Self.red)
    }
}
