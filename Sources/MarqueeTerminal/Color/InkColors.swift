import MarqueeCore

/// Turns the frame's inks into what the terminal can show at a colour depth:
/// a colour number for foreground and background (-1 = terminal default)
/// and attributes. Pure, so the brightness ramp is tested without ncurses.
public struct InkColors: Sendable {
    /// Attributes a cell may need, independent of ncurses' bit values.
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1)
        public static let dim = Attributes(rawValue: 2)
        public static let reverse = Attributes(rawValue: 4)
    }

    /// One cell's colours and attributes.
    public struct Resolved: Sendable, Hashable {
        public var foreground: Int
        public var background: Int
        public var attributes: Attributes
    }

    public let depth: ColorDepth
    public let color: LEDColor
    /// The LEDs' brightness, 1 in full (`--brightness`, a message's own,
    /// quiet hours' dim; docs/display.md, "Brightness"): scales the colour
    /// where the terminal has colours to spare, above floors that keep lit,
    /// unlit and the background apart, else turns to attributes
    /// (`InkColors+Brightness.swift`).
    public let brightness: Double

    public init(depth: ColorDepth, color: LEDColor, brightness: Double = 1) {
        self.depth = depth
        self.color = color
        self.brightness = brightness.isFinite ? min(1, max(0, brightness)) : 1
    }

    /// Whether the LEDs are dimmed at all.
    var dimmed: Bool { brightness < 1 }

    /// Brightness of each shade with true colour: unlit LEDs stay visible
    /// but dark, like a real sign's.
    static let directLevels: [Double] = [0.24, 0.42, 0.6, 0.8, 1.0]
    /// With 256 colours the ramp aims at the cube's levels (95…255), so a
    /// pure red gives 52, 88, 124, 160, 196; other colours take the
    /// nearest step of their own hue (`XtermPalette.ledEntry`).
    static let paletteLevels: [Double] = [95.0 / 255, 135.0 / 255, 175.0 / 255, 215.0 / 255, 1.0]

    public func resolve(foreground: Ink, background: Ink) -> Resolved {
        var attributes: Attributes = []
        let fg = colorNumber(for: foreground, attributes: &attributes)
        var ignored: Attributes = []
        let bg = colorNumber(for: background, attributes: &ignored)
        return Resolved(foreground: fg, background: bg, attributes: attributes)
    }

    private func colorNumber(for ink: Ink, attributes: inout Attributes) -> Int {
        switch ink {
        case .plain:
            return -1
        case .text(let tone):
            // Captions and the status line dim with the LEDs: a full-bright
            // caption would be the brightest thing in a dark shop window.
            // In the terminal's own colour, by attributes, at every depth
            // (`textAttributes`).
            attributes.formUnion(textAttributes(tone))
            return -1
        case let .led(shade, hue):
            return ledColor(shade: shade, hue: hue, attributes: &attributes)
        case .pixel(let color):
            return pixelColor(color, attributes: &attributes)
        }
    }

    private func ledColor(shade: LEDShade, hue: UInt8, attributes: inout Attributes) -> Int {
        let base = color.rgb(hue: hue)
        let level = Int(shade.rawValue)
        switch depth {
        case .none:
            // Attributes only; lit and unlit differ by glyph.
            attributes.formUnion(fewColourAttributes(shade))
            return -1
        case .eight:
            // One colour for every shade: a brightness is attributes only,
            // and the unlit grid keeps its colour and glyph.
            attributes.formUnion(fewColourAttributes(shade))
            return InkColors.basicColor(base)
        case .palette256:
            if dimmed { return dimmedPaletteEntry(base, shade: shade) }
            // The cube has no dark hues: rainbow's unlit LEDs are one dark
            // grey rather than bands of loud 95-level colours.
            if color == .rainbow, shade == .unlit {
                return XtermPalette.ledEntry(red: 255, green: 255, blue: 255, level: InkColors.rainbowUnlitLevel)
            }
            // By perceived colour, keeping the hue (XtermPalette.ledEntry).
            return XtermPalette.ledEntry(red: base.red, green: base.green, blue: base.blue, level: InkColors.paletteLevels[level])
        case .direct:
            let factor = dimmed ? dimmedDirectFactor(base, shade: shade) : InkColors.directLevels[level]
            return Int(scale(base.red, factor)) << 16 | Int(scale(base.green, factor)) << 8 | Int(scale(base.blue, factor))
        }
    }

    /// The grey of rainbow's unlit LEDs with 256 colours, as a level of white.
    static let rainbowUnlitLevel = 0.19

    private func scale(_ channel: UInt8, _ factor: Double) -> UInt8 {
        UInt8(min(255, (Double(channel) * factor).rounded()))
    }

    /// The closest of the eight ANSI colours (bit 0 red, 1 green, 2 blue).
    static func basicColor(_ rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        let top = max(rgb.red, rgb.green, rgb.blue)
        guard top > 0 else { return 0 }
        let threshold = UInt8(Double(top) * 0.5)
        return (rgb.red > threshold ? 1 : 0) | (rgb.green > threshold ? 2 : 0) | (rgb.blue > threshold ? 4 : 0)
    }
}
