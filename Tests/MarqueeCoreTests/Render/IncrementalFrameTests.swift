import Testing
@testable import MarqueeCore

/// A scroll step composed by shifting the previous frame must be exactly the
/// frame a full paint gives (see `docs/display.md`).
@Suite("Incremental scroll frames")
struct IncrementalFrameTests {
    struct Case {
        var text: String
        var columns: Int
        var rows: Int
        var style: LEDStyle
        var monochrome: Bool
        var rainbowPhase: Int?
        var litShade: LEDShade
        var caption: String?
        var entry: MarqueeScene.Entry
    }

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .!?-")

    static func randomCase(_ random: inout SplitMix64) -> Case {
        let length = Int.random(in: 1...24, using: &random)
        let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
        return Case(text: text, columns: Int.random(in: 8...170, using: &random), rows: Int.random(in: 3...60, using: &random),
                    style: LEDStyle.allCases.randomElement(using: &random)!, monochrome: Bool.random(using: &random),
                    rainbowPhase: Bool.random(using: &random) ? Int.random(in: 0..<12, using: &random) : nil,
                    litShade: LEDShade.allCases.randomElement(using: &random)!,
                    caption: Bool.random(using: &random) ? "caption \(length)" : nil,
                    entry: Bool.random(using: &random) ? .rightEdge : .inView)
    }

    func scene(_ c: Case, layout: TextLayout, offset: Int, countdown: Int = 0, controls: String? = nil,
               rainbowPhase: Int?? = nil, litShade: LEDShade? = nil) -> MarqueeScene {
        let geometry = ScreenGeometry(columns: c.columns, rows: c.rows, style: c.style, lineHeight: layout.inkRows.count,
                                      hasCaption: c.caption != nil)
        return MarqueeScene(geometry: geometry, style: c.style, monochrome: c.monochrome, messageID: 1,
                            plainText: TerminalLine(c.text), placement: .scrolling(ledOffset: offset, entry: c.entry),
                            litShade: litShade ?? c.litShade, rainbowPhase: rainbowPhase ?? c.rainbowPhase,
                            caption: c.caption.map { TerminalLine($0) }, captionOffset: countdown,
                            countdown: .init(filledEighths: countdown * 3, frozen: false), controls: controls)
    }

    @Test("shifting by 1…9 LEDs either way equals the full paint, over random text, sizes and styles")
    func randomSteps() {
        var random = SplitMix64(seed: 0x5EED)
        var incremental = 0
        for _ in 0..<300 {
            let c = Self.randomCase(&random)
            let layout = TextLayout(text: c.text, font: LEDFont.builtIn)
            let offset = Int.random(in: -50...400, using: &random)
            let step = Int.random(in: 1...9, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            let old = scene(c, layout: layout, offset: offset)
            let new = scene(c, layout: layout, offset: offset + step, countdown: 1, controls: "space pause")
            if FrameComposer.scrollStep(from: old, to: new, layout: layout) != nil { incremental += 1 }
            let before = FrameComposer.compose(old, layout: layout)
            let full = FrameComposer.compose(new, layout: layout)
            let shifted = FrameComposer.compose(new, layout: layout, after: (old, before))
            #expect(shifted == full, "\(c) offset \(offset) step \(step)")
            #expect(shifted.panelScroll == full.panelScroll)
        }
        // Most cases are real scroll steps (the rest fall back: a wrap round,
        // an odd step in braille, a panel too small for LEDs).
        #expect(incremental > 150, "\(incremental) of 300 took the shift")
    }

    @Test("a long run of steps, each shifted from the last shifted frame, never drifts from the full paint",
          arguments: LEDStyle.allCases)
    func chainedSteps(style: LEDStyle) {
        var random = SplitMix64(seed: UInt64(style.hashValue & 0xFFFF))
        for size in [(80, 24), (200, 50), (37, 9)] {
            var c = Self.randomCase(&random)
            c.style = style
            c.columns = size.0
            c.rows = size.1
            c.text = "HELLO WORLD FROM THE LED MARQUEE"
            let layout = TextLayout(text: c.text, font: LEDFont.builtIn)
            var offset = 0
            var previous = scene(c, layout: layout, offset: offset)
            var frame = FrameComposer.compose(previous, layout: layout)
            for index in 0..<160 {
                // Mostly forward single steps, some bigger, some backwards (the `r` key).
                let step = index % 23 == 22 ? -3 : (index % 7 == 6 ? 4 : (style == .braille ? 2 : 1))
                offset += step
                let next = scene(c, layout: layout, offset: offset, countdown: index % 5)
                frame = FrameComposer.compose(next, layout: layout, after: (previous, frame))
                #expect(frame == FrameComposer.compose(next, layout: layout), "\(style) \(size) step \(index)")
                previous = next
            }
        }
    }

    @Test("a change of rainbow phase, shade or message is painted whole, and still equals the full paint",
          arguments: ["rainbow", "fade", "message", "rest"])
    func fallbacks(kind: String) {
        let c = Case(text: "ON AIR", columns: 120, rows: 30, style: .dots, monochrome: false, rainbowPhase: 3,
                     litShade: .glow2, caption: nil, entry: .inView)
        let layout = TextLayout(text: c.text, font: LEDFont.builtIn)
        let old = scene(c, layout: layout, offset: 20)
        var new = scene(c, layout: layout, offset: 21)
        switch kind {
        case "rainbow": new.rainbowPhase = 4
        case "fade": new.litShade = .lit
        case "message": new.messageID = 2
        default: new.placement = .rest
        }
        #expect(FrameComposer.scrollStep(from: old, to: new, layout: layout) == nil)
        let shifted = FrameComposer.compose(new, layout: layout, after: (old, FrameComposer.compose(old, layout: layout)))
        #expect(shifted == FrameComposer.compose(new, layout: layout))
    }

    @Test("the diff of a shifted frame is shifts plus the new columns, whichever way the frame was composed")
    func diffOfShiftedFrame() {
        let c = Case(text: "HELLO WORLD", columns: 81, rows: 20, style: .dots, monochrome: false, rainbowPhase: nil,
                     litShade: .lit, caption: nil, entry: .inView)
        let layout = TextLayout(text: c.text, font: LEDFont.builtIn)
        let old = scene(c, layout: layout, offset: 30)
        let new = scene(c, layout: layout, offset: 31)
        let before = FrameComposer.compose(old, layout: layout)
        let after = FrameComposer.compose(new, layout: layout, after: (old, before))
        var terminal = SimulatedTerminal(showing: before)
        let diff = FrameDiff(from: before, to: after, canShift: true)
        terminal.apply(diff)
        #expect(terminal.frame == after)
        #expect(diff.shift == 2 && terminal.shiftedRows > 0)
        #expect(terminal.cellsWritten <= terminal.shiftedRows * 3 + after.columns * 2)
    }
}
