import MarqueeCore
import Testing
@testable import MarqueeTerminal

@Suite("Colours")
struct InkColorsTests {
    @Test("a palette colour at full light is its own entry", arguments: [
        ((255, 0, 0), 196), ((95, 0, 0), 52), ((135, 0, 0), 88), ((255, 255, 255), 231), ((128, 128, 128), 244),
        ((255, 175, 0), 214), ((0, 215, 255), 45),
    ])
    func ownEntry(rgb: (Int, Int, Int), index: Int) {
        #expect(XtermPalette.ledEntry(red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2), level: 1) == index)
    }

    @Test("a 256-colour red LED ramps 52, 88, 124, 160, 196")
    func redRamp() {
        let colors = InkColors(depth: .palette256, color: .solid(red: 255, green: 0, blue: 0))
        let ramp = LEDShade.allCases.map { colors.resolve(foreground: .led($0, hue: 0), background: .plain).foreground }
        #expect(ramp == [52, 88, 124, 160, 196])
    }

    @Test("true colour keeps the hue; unlit is dark but not black")
    func direct() {
        let colors = InkColors(depth: .direct, color: .solid(red: 255, green: 170, blue: 0))
        let lit = colors.resolve(foreground: .led(.lit, hue: 0), background: .plain).foreground
        let unlit = colors.resolve(foreground: .led(.unlit, hue: 0), background: .plain).foreground
        #expect(lit == 0xFFAA00)
        #expect(unlit > 0 && unlit >> 16 < 0x50)
    }

    @Test("without colour, shades become attributes")
    func monochrome() {
        let colors = InkColors(depth: .none, color: .rainbow)
        #expect(colors.resolve(foreground: .led(.lit, hue: 3), background: .plain) == .init(foreground: -1, background: -1, attributes: .bold))
        #expect(colors.resolve(foreground: .led(.unlit, hue: 3), background: .plain).attributes == .dim)
    }

    @Test("colour depth follows NO_COLOR, terminfo and COLORTERM", arguments: [
        (["NO_COLOR": "1"], 256, ColorDepth.none),
        (["NO_COLOR": ""], 256, .palette256),
        ([:], 8, .eight),
        ([:], 0, .none),
        (["COLORTERM": "truecolor"], 0x1000000, .direct),
        (["COLORTERM": "truecolor"], 256, .palette256),
    ])
    func depth(environment: [String: String], colors: Int, expected: ColorDepth) {
        #expect(ColorDepth.detect(environment: environment, terminfoColors: colors) == expected)
    }

    @Test("the direct-colour sibling of a terminal type")
    func directVariant() {
        #expect(ColorDepth.directVariant(of: "xterm-256color") == "xterm-direct")
        #expect(ColorDepth.directVariant(of: "tmux-256color") == "tmux-direct")
        #expect(ColorDepth.directVariant(of: "xterm-direct") == nil)
    }

    @Test("colour names and #RRGGBB parse; junk does not", arguments: [
        ("red", true), ("RAINBOW", true), ("#FFA500", true), ("#ffa500", true), ("#FFA50", false), ("#GGGGGG", false),
        ("", false), ("purple", false), ("#FFA5000", false), ("FFA500", false),
    ])
    func parseColor(text: String, valid: Bool) {
        #expect((LEDColor(parsing: text) != nil) == valid)
    }
}
