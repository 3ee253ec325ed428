/// How bright one LED is: unlit (the dim grid of a real sign), three steps of
/// a fade, or fully lit.
public enum LEDShade: UInt8, Sendable, Hashable, CaseIterable {
    case unlit, glow1, glow2, glow3, lit

    /// The shade a lit LED shows at `brightness` 0…1 (a fade); 0 is unlit.
    public static func lit(brightness: Double) -> LEDShade {
        guard brightness.isFinite else { return .lit }
        let step = Int((min(max(brightness, 0), 1) * 4).rounded())
        return LEDShade(rawValue: UInt8(step)) ?? .lit
    }
}

/// The role of plain (non-LED) text; the terminal picks the attributes.
public enum TextTone: UInt8, Sendable, Hashable, CaseIterable {
    case normal, dim, bright
}

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

/// One terminal cell of a frame. A wide character's second cell holds
/// `Cell.continuation` and is skipped when drawing.
public struct Cell: Sendable, Hashable {
    public var scalar: Unicode.Scalar
    public var foreground: Ink
    public var background: Ink

    public init(_ scalar: Unicode.Scalar, foreground: Ink = .plain, background: Ink = .plain) {
        self.scalar = scalar
        self.foreground = foreground
        self.background = background
    }

    public static let blank = Cell(" ")
    public static let continuation = Cell("\u{0}")

    /// The cell in one integer: scalar in bits 0–20, foreground ink code
    /// in bits 24–31, background in 32–39. Frames store cells this way, so
    /// comparing two frames is comparing integers.
    @inline(__always)
    var packed: UInt64 {
        UInt64(scalar.value) | UInt64(foreground.code) << 24 | UInt64(background.code) << 32
    }

    @inline(__always)
    init(packed: UInt64) {
        scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: packed & 0x1F_FFFF)) ?? "\u{FFFD}"
        foreground = Ink(code: Int(truncatingIfNeeded: packed >> 24 & 0xFF))
        background = Ink(code: Int(truncatingIfNeeded: packed >> 32 & 0xFF))
    }
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
