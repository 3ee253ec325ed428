import MarqueeCore
import Testing
@testable import MarqueeTerminal

/// Quiet hours' dimming at every colour depth (docs/schedules.md): the
/// colour scaled where there are colours to spare, the dim attribute where
/// there are not, and lit LEDs always apart from unlit ones. Quiet hours'
/// `dim=PERCENT` is a brightness like `--brightness` (BrightnessInkTests
/// holds the floors at every percentage); since it is, the unlit grid no
/// longer goes black when dimmed.
@Suite("Dimmed LEDs")
struct QuietDimTests {
    static let red = LEDColor.solid(red: 255, green: 0, blue: 0)

    static func resolve(_ depth: ColorDepth, _ shade: LEDShade, brightness: Double) -> InkColors.Resolved {
        InkColors(depth: depth, color: red, brightness: brightness).resolve(foreground: .led(shade, hue: 0), background: .plain)
    }

    @Test("true colour: the RGB scaled by the brightness, down to the floors")
    func direct() {
        #expect(Self.resolve(.direct, .lit, brightness: 1).foreground == 0xFF0000)
        #expect(Self.resolve(.direct, .lit, brightness: 0.5).foreground == 0x800000)
        #expect(Self.resolve(.direct, .unlit, brightness: 0.9).foreground == Int((255 * 0.24 * 0.9).rounded()) << 16)
        // At 20 % a pure red is at its floors: (67,0,0) lit, (35,0,0) unlit.
        let lit = Self.resolve(.direct, .lit, brightness: 0.2).foreground
        let unlit = Self.resolve(.direct, .unlit, brightness: 0.2).foreground
        #expect(lit & 0xFFFF == 0 && unlit & 0xFFFF == 0)
        #expect(lit >> 16 > 0x33 && lit >> 16 < 0x50, "\(lit >> 16)")
        #expect(unlit >> 16 > 0x10 && unlit < lit, "\(unlit >> 16)")
    }

    @Test("256 colours: lit LEDs take the darkest step of their hue, the unlit grid a dark grey, not black")
    func palette() {
        let full = Self.resolve(.palette256, .lit, brightness: 1).foreground
        let dim = Self.resolve(.palette256, .lit, brightness: 0.2).foreground
        #expect(full == 196 && dim == 52)
        #expect(Self.resolve(.palette256, .unlit, brightness: 0.2).foreground == 233)
    }

    @Test("8 colours: lit LEDs take the dim attribute, the unlit grid keeps its colour (and its own glyph)")
    func eight() {
        #expect(Self.resolve(.eight, .lit, brightness: 1).attributes == .bold)
        let lit = Self.resolve(.eight, .lit, brightness: 0.2)
        let unlit = Self.resolve(.eight, .unlit, brightness: 0.2)
        #expect(lit.attributes == .dim && lit.foreground == 1)
        #expect(unlit.attributes == .dim && unlit.foreground == 1)
    }

    @Test("no colour: every LED dim (lit and unlit still differ by their glyph)")
    func none() {
        #expect(Self.resolve(.none, .lit, brightness: 1).attributes == .bold)
        #expect(Self.resolve(.none, .lit, brightness: 0.2).attributes == .dim)
    }

    @Test("a dimmed frame differs from the same frame at full brightness, so it is drawn whole")
    func frameCarriesBrightness() {
        var dim = FrameModel(columns: 4, rows: 2)
        let full = dim
        dim.ledBrightness = 0.2
        #expect(dim != full)
        #expect(FrameDiff(from: full, to: dim, canShift: false).shift == 0)
    }
}
