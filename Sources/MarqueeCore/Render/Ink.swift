/// What colour a cell's foreground or background takes, as a meaning rather
/// than a terminal colour number: the screen maps it to what the terminal can do.
public enum Ink: Sendable, Hashable {
    /// The terminal's default colour.
    case plain
    /// An LED of the sign's colour (`hue` picks the slot of a rainbow; 0 otherwise).
    case led(LEDShade, hue: UInt8)
    /// An LED of a colour glyph (an emoji) in the glyph's own colour.
    case pixel(LEDPixelColor)
    /// Plain text in a tone.
    case text(TextTone)
}

extension Ink {
    /// Distinct inks: plain, every LED shade of every rainbow hue, every
    /// colour glyph's colour, every tone. LED shades and colours come first,
    /// one range: a cell in any of them shows a lit LED (`FrameModel`).
    public static let codeCount = 1 + LEDShade.count * MarqueeScene.rainbowHues + LEDPixelColor.count
        + TextTone.count

    /// The codes of lit LEDs and colour glyphs' LEDs: every LED code but unlit's.
    static let litCodes = (1 + MarqueeScene.rainbowHues)...(LEDShade.count * MarqueeScene.rainbowHues + LEDPixelColor.count)

    /// A small dense number for the ink, to index tables (an LED's hue is
    /// taken modulo the rainbow's slots).
    @inline(__always)
    public var code: Int {
        switch self {
        case .plain: 0
        case let .led(shade, hue): 1 + Int(shade.rawValue) * MarqueeScene.rainbowHues + Int(hue) % MarqueeScene.rainbowHues
        case .pixel(let color): 1 + LEDShade.count * MarqueeScene.rainbowHues + Int(color.index)
        case .text(let tone): 1 + LEDShade.count * MarqueeScene.rainbowHues + LEDPixelColor.count + Int(tone.rawValue)
        }
    }

    /// The ink whose `code` is `code` (plain for a code out of range).
    @inline(__always)
    init(code: Int) {
        let leds = LEDShade.count * MarqueeScene.rainbowHues
        switch code {
        case 1...leds:
            let slot = code - 1
            self = .led(LEDShade(rawValue: UInt8(slot / MarqueeScene.rainbowHues)) ?? .lit,
                        hue: UInt8(slot % MarqueeScene.rainbowHues))
        case (leds + 1)...(leds + LEDPixelColor.count):
            self = .pixel(LEDPixelColor(index: UInt8(code - leds - 1)))
        case (leds + LEDPixelColor.count + 1)...(leds + LEDPixelColor.count + TextTone.count):
            self = .text(TextTone(rawValue: UInt8(code - leds - LEDPixelColor.count - 1)) ?? .normal)
        default:
            self = .plain
        }
    }
}
