import MarqueeCore
import Testing
@testable import MarqueeTerminal

/// Quiet hours' dimming at every colour depth (docs/schedules.md): the
/// colour scaled where there are colours to spare, the dim attribute where
/// there are not, and lit LEDs always apart from unlit ones.
@Suite("Dimmed LEDs")
struct QuietDimTests {
    static let red = LEDColor.solid(red: 255, green: 0, blue: 0)

    static func resolve(_ depth: ColorDepth, _ shade: LEDShade, brightness: Double) -> InkColors.Resolved {
        InkColors(depth: depth, color: red, brightness: brightness).resolve(foreground: .led(shade, hue: 0), background: .plain)
    }

    @Test("true colour: the RGB scaled by the brightness")
    func direct() {
        #expect(Self.resolve(.direct, .lit, brightness: 1).foreground == 0xFF0000)
        #expect(Self.resolve(.direct, .lit, brightness: 0.2).foreground == 0x330000)
        #expect(Self.resolve(.direct, .unlit, brightness: 0.2).foreground == Int((255 * 0.24 * 0.2).rounded()) << 16)
    }

    @Test("256 colours: lit LEDs take the darkest step of their hue, the unlit grid goes black")
    func palette() {
        let full = Self.resolve(.palette256, .lit, brightness: 1).foreground
        let dim = Self.resolve(.palette256, .lit, brightness: 0.2).foreground
        #expect(full == 196 && dim == 52)
        #expect(Self.resolve(.palette256, .unlit, brightness: 0.2).foreground == 16)
    }

    @Test("8 colours: lit LEDs take the dim attribute, the unlit grid goes black")
    func eight() {
        #expect(Self.resolve(.eight, .lit, brightness: 1).attributes == .bold)
        let lit = Self.resolve(.eight, .lit, brightness: 0.2)
        let unlit = Self.resolve(.eight, .unlit, brightness: 0.2)
        #expect(lit.attributes == .dim && lit.foreground == 1)
        #expect(unlit.foreground == 0 && lit != unlit)
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
