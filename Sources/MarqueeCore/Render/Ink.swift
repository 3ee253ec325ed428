/// What colour a cell's foreground or background takes, as a meaning rather
/// than a terminal colour number: the screen maps it to what the terminal can do.
public enum Ink: Sendable, Hashable {
    /// The terminal's default colour.
    case plain
    /// An LED of the sign's colour (`hue` picks the slot of a rainbow; 0 otherwise).
    case led(LEDShade, hue: UInt8)
    /// Plain text in a tone.
    case text(TextTone)
}

extension Ink {
    /// Distinct inks: plain, every LED shade of every rainbow hue, every tone.
    public static let codeCount = 1 + LEDShade.allCases.count * MarqueeScene.rainbowHues + TextTone.allCases.count

    /// A small dense number for the ink, to index tables (an LED's hue is
    /// taken modulo the rainbow's slots).
    @inline(__always)
    public var code: Int {
        switch self {
        case .plain: 0
        case let .led(shade, hue): 1 + Int(shade.rawValue) * MarqueeScene.rainbowHues + Int(hue) % MarqueeScene.rainbowHues
        case .text(let tone): 1 + LEDShade.allCases.count * MarqueeScene.rainbowHues + Int(tone.rawValue)
        }
    }

    /// The ink whose `code` is `code` (plain for a code out of range).
    @inline(__always)
    init(code: Int) {
        let leds = LEDShade.allCases.count * MarqueeScene.rainbowHues
        switch code {
        case 1...leds:
            let slot = code - 1
            self = .led(LEDShade(rawValue: UInt8(slot / MarqueeScene.rainbowHues)) ?? .lit,
                        hue: UInt8(slot % MarqueeScene.rainbowHues))
        case (leds + 1)...(leds + TextTone.allCases.count):
            self = .text(TextTone(rawValue: UInt8(code - leds - 1)) ?? .normal)
        default:
            self = .plain
        }
    }
}
