import MarqueeCore
import Testing
@testable import MarqueeTerminal

/// Two messages of their own colours on one sign: told apart at every
/// colour depth that has colour. (The terminal is written with `setaf` and
/// `setab` directly, so no colour pairs are spent, however many colours.)
@Suite("Message colours")
struct MessageColorTests {
    static let red = LEDColor(parsing: "red")!
    static let green = LEDColor(parsing: "green")!

    static func lit(_ color: LEDColor, depth: ColorDepth) -> InkColors.Resolved {
        InkColors(depth: depth, color: color).resolve(foreground: .led(.lit, hue: 0), background: .plain)
    }

    @Test("red and green LEDs resolve to the expected colours at each depth with colour", arguments: [
        (ColorDepth.direct, 0xFF2010, 0x28FF3C),
        // Nearest by perceived colour: (40,255,60) is (0,255,0), not (0,255,95).
        (.palette256, 196, 46),
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
}
