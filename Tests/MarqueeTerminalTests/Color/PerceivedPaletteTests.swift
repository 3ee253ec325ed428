import MarqueeCore
import Testing
@testable import MarqueeTerminal

/// 256 colours chosen by perceived colour, keeping the hue (issue 26,
/// item 7; docs/display.md, "Colour depths"): nearest in RGB made unlit
/// amber olive (95,95,0), quiet-hours amber grey (28,28,28), and rainbow's
/// unlit LEDs loud bands; and captions stayed full bright in quiet hours.
@Suite("Perceived 256-colour palette")
struct PerceivedPaletteTests {
    static func entry(_ color: LEDColor, _ shade: LEDShade, hue: UInt8 = 0, brightness: Double = 1) -> Int {
        InkColors(depth: .palette256, color: color, brightness: brightness)
            .resolve(foreground: .led(shade, hue: hue), background: .plain).foreground
    }

    static func perceived(_ index: Int) -> PerceivedColor {
        let rgb = XtermPalette.color(of: index)
        return PerceivedColor(red: Double(rgb.0), green: Double(rgb.1), blue: Double(rgb.2))
    }

    static func perceived(_ color: LEDColor) -> PerceivedColor {
        let rgb = color.rgb(hue: 0)
        return PerceivedColor(red: Double(rgb.red), green: Double(rgb.green), blue: Double(rgb.blue))
    }

    @Test("unlit amber and #FF8000 keep their hue: (135,95,0) and (175,95,0), never olive (95,95,0)")
    func orangesStayOrange() {
        let amber = LEDColor(parsing: "amber")!, orange = LEDColor(parsing: "#FF8000")!
        #expect(Self.entry(amber, .unlit) == 94 && Self.entry(orange, .unlit) == 130)
        for color in [amber, orange] {
            let unlit = Self.perceived(Self.entry(color, .unlit))
            #expect(PerceivedColor.hueGap(unlit.hue, Self.perceived(color).hue) < 12, "\(color)")
        }
    }

    @Test("quiet hours at 20%: lit amber is the darkest amber, not grey; unlit is a dark grey, not black; lit stays apart from unlit")
    func quietAmber() {
        let amber = LEDColor(parsing: "amber")!
        let lit = Self.entry(amber, .lit, brightness: 0.2)
        #expect(lit == 94, "(135,95,0)")
        #expect(Self.perceived(lit).chroma > 0.08, "not grey")
        #expect(Self.entry(amber, .unlit, brightness: 0.2) == 233, "(18,18,18)")
        #expect(Self.perceived(lit).lightness < Self.perceived(Self.entry(amber, .lit)).lightness, "darker than full")
    }

    @Test("every named colour: a ladder of its own hue, lit brighter than unlit, never darker up the shades",
          arguments: LEDColor.names.map(\.color).filter { $0 != .rainbow })
    func ladders(color: LEDColor) {
        let shades = LEDShade.allCases.map { Self.perceived(Self.entry(color, $0)) }
        #expect(shades.last!.lightness > shades.first!.lightness + 0.15, "lit apart from unlit: \(shades.map(\.lightness))")
        for (lower, upper) in zip(shades, shades.dropFirst()) { #expect(lower.lightness <= upper.lightness + 0.001) }
        let base = Self.perceived(color)
        if base.chroma > XtermPalette.greyChroma {
            for shade in shades { #expect(PerceivedColor.hueGap(shade.hue, base.hue) < 30, "\(color): \(shade.hue) vs \(base.hue)") }
        } else {
            for shade in shades { #expect(shade.chroma < XtermPalette.greyChroma) }
        }
    }

    @Test("rainbow: lit LEDs in their hue; unlit LEDs one dark grey, not bands of colour")
    func rainbow() {
        let unlit = Set((0..<UInt8(MarqueeScene.rainbowHues)).map { Self.entry(.rainbow, .unlit, hue: $0) })
        #expect(unlit.count == 1, "\(unlit)")
        #expect(Self.perceived(unlit.first!).chroma < 0.01 && Self.perceived(unlit.first!).lightness < 0.35)
        let lit = Set((0..<UInt8(MarqueeScene.rainbowHues)).map { Self.entry(.rainbow, .lit, hue: $0) })
        #expect(lit.count == MarqueeScene.rainbowHues)
    }

    @Test("captions and the status line dim with the LEDs at every depth", arguments: [ColorDepth.none, .eight, .palette256, .direct])
    func captionsDim(depth: ColorDepth) {
        for tone in [TextTone.normal, .bright, .dim] {
            let dimmed = InkColors(depth: depth, color: .solid(red: 255, green: 170, blue: 0), brightness: 0.2)
                .resolve(foreground: .text(tone), background: .plain)
            #expect(dimmed.attributes == .dim, "\(tone)")
        }
        let full = InkColors(depth: depth, color: .solid(red: 255, green: 170, blue: 0))
            .resolve(foreground: .text(.bright), background: .plain)
        #expect(full.attributes == .bold)
    }
}
