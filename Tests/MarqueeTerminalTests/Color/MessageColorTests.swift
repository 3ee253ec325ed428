import MarqueeCore
import Testing
@testable import MarqueeTerminal

/// Two messages of their own colours on one sign: told apart at every
/// colour depth that has colour, and drawn with a bounded number of the
/// terminal's colour pairs however long the sign alternates them.
@Suite("Message colours")
struct MessageColorTests {
    static let red = LEDColor(parsing: "red")!
    static let green = LEDColor(parsing: "green")!

    static func lit(_ color: LEDColor, depth: ColorDepth) -> InkColors.Resolved {
        InkColors(depth: depth, color: color).resolve(foreground: .led(.lit, hue: 0), background: .plain)
    }

    @Test("red and green LEDs resolve to the expected colours at each depth with colour", arguments: [
        (ColorDepth.direct, 0xFF2010, 0x28FF3C),
        (.palette256, 196, 47),
        (.eight, 1, 2),
    ])
    func twoColours(depth: ColorDepth, red: Int, green: Int) {
        #expect(Self.lit(Self.red, depth: depth).foreground == red)
        #expect(Self.lit(Self.green, depth: depth).foreground == green)
        let unlitRed = InkColors(depth: depth, color: Self.red).resolve(foreground: .led(.unlit, hue: 0), background: .plain)
        let unlitGreen = InkColors(depth: depth, color: Self.green).resolve(foreground: .led(.unlit, hue: 0), background: .plain)
        #expect(unlitRed != unlitGreen, "unlit LEDs keep their message's colour too")
    }

    @Test("without colour (NO_COLOR, --monochrome) both look alike: shades become attributes, no colour number")
    func noColour() {
        #expect(Self.lit(Self.red, depth: .none) == Self.lit(Self.green, depth: .none))
        #expect(Self.lit(Self.red, depth: .none) == .init(foreground: -1, background: -1, attributes: .bold))
    }

    @Test("a colour is spelled as -c takes it")
    func spelled() {
        #expect(Self.red.spelled == "red" && LEDColor.rainbow.spelled == "rainbow")
        #expect(LEDColor(parsing: "#0a0B0c")?.spelled == "#0A0B0C")
    }

    /// The inks a frame in `color` draws, as `Screen.pairStyle` asks the
    /// book for them: every shade on the default background and, as half
    /// blocks draw, on every other shade.
    static func drawFrame(_ color: LEDColor, depth: ColorDepth, book: inout ColorPairBook, defined: inout Int) {
        let colors = InkColors(depth: depth, color: color)
        let backgrounds: [Ink] = [.plain] + LEDShade.allCases.map { Ink.led($0, hue: 0) }
        for shade in LEDShade.allCases {
            for background in backgrounds {
                let resolved = colors.resolve(foreground: .led(shade, hue: 0), background: background)
                guard resolved.foreground >= 0 || resolved.background >= 0 else { continue }
                _ = book.pair(for: .init(foreground: resolved.foreground, background: resolved.background)) { _ in
                    defined += 1
                    return true
                }
            }
        }
    }

    @Test("red and green alternating for hours use the same pairs, defined once", arguments: [ColorDepth.direct, .palette256, .eight])
    func alternatingIsBounded(depth: ColorDepth) {
        var book = ColorPairBook(capacity: 32_767)
        var defined = 0
        Self.drawFrame(Self.red, depth: depth, book: &book, defined: &defined)
        let changed = book.colorChanged()
        #expect(!changed)
        Self.drawFrame(Self.green, depth: depth, book: &book, defined: &defined)
        let afterOneEach = (book.count, defined)
        #expect(afterOneEach.0 > 0 && afterOneEach.0 <= 2 * 30)
        for turn in 0..<5_000 {
            let startedOver = book.colorChanged()
            #expect(!startedOver)
            Self.drawFrame(turn.isMultiple(of: 2) ? Self.red : Self.green, depth: depth, book: &book, defined: &defined)
        }
        #expect(book.count == afterOneEach.0 && defined == afterOneEach.1)
    }

    @Test("an 8-colour terminal's 64 pairs hold red and green: shades of one colour share a pair")
    func eightColourShares() {
        var book = ColorPairBook(capacity: 64)
        var defined = 0
        Self.drawFrame(Self.red, depth: .eight, book: &book, defined: &defined)
        Self.drawFrame(Self.green, depth: .eight, book: &book, defined: &defined)
        #expect(book.count <= 6 && !book.ranOut, "\(book.count) pairs")
    }

    @Test("a thousand colours never take more pairs than the terminal has, and each colour change after running out starts over")
    func manyColoursStayWithinCapacity() {
        var book = ColorPairBook(capacity: 64)
        var defined = 0
        var startedOver = 0
        for step in 0..<1_000 {
            if book.colorChanged() { startedOver += 1 }
            let color = LEDColor.solid(red: UInt8(step % 256), green: UInt8(step * 7 % 256), blue: UInt8(step * 13 % 256))
            Self.drawFrame(color, depth: .direct, book: &book, defined: &defined)
            #expect(book.count <= 63)
        }
        #expect(startedOver > 0)
        var fresh = ColorPairBook(capacity: 64)
        _ = fresh.pair(for: .init(foreground: 1, background: -1)) { _ in false }
        #expect(fresh.count == 0, "a pair the terminal refused is not kept")
    }
}
