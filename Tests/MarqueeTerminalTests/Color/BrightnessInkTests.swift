import MarqueeCore
import Testing
@testable import MarqueeTerminal

/// `--brightness` at every colour depth (docs/display.md, "Brightness"):
/// true colour scales the RGB and 256 colours take the palette entry of the
/// scaled colour, both above floors of perceived lightness, so that at every
/// percentage lit, unlit and the (black) background stay three things; 8
/// colours and none turn it into attributes, as captions and the status
/// line do at every depth.
@Suite("Brightness at every colour depth")
struct BrightnessInkTests {
    /// Every named colour, rainbow included.
    static let colours = LEDColor.names.map(\.color)

    static func colors(_ depth: ColorDepth, _ color: LEDColor, _ percent: Int) -> InkColors {
        InkColors(depth: depth, color: color, brightness: Brightness(percent: percent)!.level)
    }

    static func led(_ depth: ColorDepth, _ color: LEDColor, _ shade: LEDShade, _ percent: Int, hue: UInt8 = 0) -> InkColors.Resolved {
        colors(depth, color, percent).resolve(foreground: .led(shade, hue: hue), background: .plain)
    }

    /// The perceived colour of a foreground number: RGB with true colour,
    /// the standard palette's entry with 256 colours.
    static func perceived(_ depth: ColorDepth, _ number: Int) -> PerceivedColor {
        if depth == .direct {
            return PerceivedColor(red: Double(number >> 16 & 0xFF), green: Double(number >> 8 & 0xFF), blue: Double(number & 0xFF))
        }
        let rgb = XtermPalette.color(of: number)
        return PerceivedColor(red: Double(rgb.0), green: Double(rgb.1), blue: Double(rgb.2))
    }

    /// The hues an LED of `color` may have: a rainbow's every slot.
    static func hues(_ color: LEDColor) -> [UInt8] {
        color == .rainbow ? (0..<UInt8(MarqueeScene.rainbowHues)).map { $0 } : [0]
    }

    @Test("true colour at 40 %: the RGB times 0.4, lit and unlit alike, where that is above the floors")
    func directScales() {
        let white = LEDColor(parsing: "white")!
        #expect(Self.led(.direct, white, .lit, 40).foreground == 0x666666)
        #expect(Self.led(.direct, white, .unlit, 40).foreground == 0x181818, "255 × 0.24 × 0.4")
        let amber = LEDColor(parsing: "amber")!
        #expect(Self.led(.direct, amber, .lit, 40).foreground == 0x664400)
        #expect(Self.led(.direct, amber, .lit, 100).foreground == 0xFFAA00, "100 % is the colour itself")
    }

    @Test("256 colours at 40 %: the entry of the scaled colour on its hue's ladder", arguments: [
        ("red", 52, 233), ("amber", 94, 234), ("white", 241, 235), ("blue", 18, 233),
    ])
    func paletteScales(name: String, lit: Int, unlit: Int) {
        let color = LEDColor(parsing: name)!
        #expect(Self.led(.palette256, color, .lit, 40).foreground == lit)
        #expect(Self.led(.palette256, color, .unlit, 40).foreground == unlit)
    }

    @Test("at every percentage lit, unlit and the background stay apart: above the floors, lit above unlit",
          arguments: [ColorDepth.direct, .palette256])
    func floors(depth: ColorDepth) {
        // Rounding a channel to a whole number may land a hair under a floor.
        let slack = 0.004
        for color in Self.colours {
            for hue in Self.hues(color) {
                // A shade already under its floor at full brightness (a pure
                // blue's unlit LED) stays as it is there.
                let fullLit = Self.perceived(depth, Self.led(depth, color, .lit, 100, hue: hue).foreground).lightness
                let fullUnlit = Self.perceived(depth, Self.led(depth, color, .unlit, 100, hue: hue).foreground).lightness
                for percent in Brightness.range {
                    let lit = Self.led(depth, color, .lit, percent, hue: hue).foreground
                    let unlit = Self.led(depth, color, .unlit, percent, hue: hue).foreground
                    let (litColour, unlitColour) = (Self.perceived(depth, lit), Self.perceived(depth, unlit))
                    let context = "\(color.spelled) hue \(hue) at \(percent) %: lit \(lit), unlit \(unlit)"
                    #expect(lit != unlit, "\(context)")
                    #expect(unlitColour.lightness >= min(InkColors.unlitFloor, fullUnlit) - slack, "unlit not black: \(context)")
                    #expect(litColour.lightness >= min(InkColors.litFloor, fullLit) - slack, "\(context)")
                    #expect(litColour.lightness >= unlitColour.lightness + 0.06, "lit above unlit: \(context)")
                }
            }
        }
    }

    @Test("dimmer never shows brighter: each shade's lightness falls with the brightness, or holds at its floor",
          arguments: [ColorDepth.direct, .palette256])
    func monotonic(depth: ColorDepth) {
        // The palette's entry is the nearest in colour, not in lightness
        // alone: a green a step dimmer may be a hair lighter (0.006), well
        // under what the eye tells apart (about 0.02 in OKLab).
        let tolerance = depth == .direct ? 0.001 : 0.01
        for color in Self.colours {
            for hue in Self.hues(color) {
                for shade in [LEDShade.unlit, .lit] {
                    let lightness = Brightness.range.map { Self.perceived(depth, Self.led(depth, color, shade, $0, hue: hue).foreground).lightness }
                    for (dimmer, brighter) in zip(lightness, lightness.dropFirst()) {
                        #expect(dimmer <= brighter + tolerance, "\(color.spelled) hue \(hue) \(shade): \(lightness)")
                    }
                }
            }
        }
    }

    @Test("at 40 % every LED is darker than at 100 %, lit and unlit, at true colour and 256 colours",
          arguments: [ColorDepth.direct, .palette256])
    func fortyIsDarker(depth: ColorDepth) {
        for color in Self.colours {
            for shade in [LEDShade.unlit, .lit] {
                let full = Self.perceived(depth, Self.led(depth, color, shade, 100).foreground)
                let forty = Self.perceived(depth, Self.led(depth, color, shade, 40).foreground)
                #expect(forty.lightness < full.lightness, "\(color.spelled) \(shade)")
            }
        }
    }

    @Test("8 colours and none: the colour kept, lit bold down to 75 %, plain down to 50 %, dim below; unlit dim throughout",
          arguments: [ColorDepth.eight, .none])
    func attributeSteps(depth: ColorDepth) {
        let red = LEDColor(parsing: "red")!
        let fullColour = Self.led(depth, red, .lit, 100).foreground
        for (percent, lit) in [(100, InkColors.Attributes.bold), (75, .bold), (74, []), (50, []), (49, .dim), (1, .dim)] {
            #expect(Self.led(depth, red, .lit, percent).attributes == lit, "\(percent) %")
            #expect(Self.led(depth, red, .unlit, percent).attributes == .dim, "\(percent) %")
            #expect(Self.led(depth, red, .lit, percent).foreground == fullColour, "\(percent) %")
            #expect(Self.led(depth, red, .unlit, percent).foreground == fullColour, "the unlit grid is never black: \(percent) %")
        }
    }

    @Test("captions and the status line: bold gone below 75 %, every tone dim below 50 %, at every depth",
          arguments: [ColorDepth.none, .eight, .palette256, .direct])
    func text(depth: ColorDepth) {
        let amber = LEDColor(parsing: "amber")!
        let cases: [(Int, TextTone, InkColors.Attributes)] = [
            (100, .bright, .bold), (100, .normal, []), (100, .dim, .dim),
            (75, .bright, .bold), (74, .bright, []), (74, .normal, []), (74, .dim, .dim),
            (49, .bright, .dim), (49, .normal, .dim), (1, .dim, .dim),
        ]
        for (percent, tone, attributes) in cases {
            let resolved = Self.colors(depth, amber, percent).resolve(foreground: .text(tone), background: .plain)
            #expect(resolved == .init(foreground: -1, background: -1, attributes: attributes), "\(percent) % \(tone)")
        }
    }

    @Test("the floors rise with the shade: unlit's, the fade's glow steps, lit's")
    func shadeFloors() {
        let floors = LEDShade.allCases.map(InkColors.floor)
        #expect(floors.first == InkColors.unlitFloor && floors.last == InkColors.litFloor)
        #expect(zip(floors, floors.dropFirst()).allSatisfy { $0 < $1 })
        #expect(InkColors.litFloor - InkColors.unlitFloor >= InkColors.separation - 1e-9)
    }
}
