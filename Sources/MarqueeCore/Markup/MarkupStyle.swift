/// How a marked span of a message draws its lit LEDs (docs/display.md,
/// "Inline markup"): in a colour of its own, blinking, or both. One byte,
/// so a layout keeps one a placed glyph at no more cost than its start.
///
/// ```swift
/// let style = MarkupStyle(color: LEDPixelColor(red: 255, green: 0, blue: 0), blinks: true)
/// style.blinks   // true
/// ```
public struct MarkupStyle: Sendable, Hashable {
    /// Bits 0–6: 0 for the message's own colour, else 1 + the colour's
    /// ``LEDPixelColor`` index (1…125); bit 7: blinks.
    public let rawValue: UInt8

    /// The message as it is: no colour of its own, steady.
    public static let plain = MarkupStyle(rawValue: 0)

    public init(rawValue: UInt8) {
        // A byte from a marker is checked here: a colour past the cube
        // would index past the inks.
        let color = rawValue & 0x7F
        self.rawValue = color > UInt8(LEDPixelColor.count) ? rawValue & 0x80 : rawValue
    }

    public init(color: LEDPixelColor?, blinks: Bool) {
        rawValue = (color.map { $0.index + 1 } ?? 0) | (blinks ? 0x80 : 0)
    }

    /// The span's colour; nil for the message's own.
    public var color: LEDPixelColor? {
        let value = rawValue & 0x7F
        return value == 0 ? nil : LEDPixelColor(index: value - 1)
    }

    /// Whether the span's lit LEDs go dark in the blink's dark half.
    public var blinks: Bool { rawValue & 0x80 != 0 }

    /// This style with `tag` applied inside it: a colour replaces the
    /// colour (the innermost wins), blink adds to it.
    func applying(_ tag: MarkupTag) -> MarkupStyle {
        switch tag {
        case .color(let color): MarkupStyle(color: color, blinks: blinks)
        case .blink: MarkupStyle(color: self.color, blinks: true)
        case .close: self
        }
    }
}
