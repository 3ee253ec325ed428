/// The colour of one LED of a colour glyph (an emoji from a colour font,
/// docs/display.md, "Colour emoji"), on a cube of five levels a channel
/// (0, 64, 128, 191, 255): 125 colours, few enough that every one is an
/// ``Ink`` of its own in a cell's eight bits, as the LED shades are, so a
/// frame stays integers and the terminal's colour for each is worked out
/// once.
///
/// ```swift
/// let red = LEDPixelColor(red: 250, green: 30, blue: 20)
/// red.rgb  // (255, 0, 0)
/// ```
public struct LEDPixelColor: Sendable, Hashable {
    /// 0…124: red * 25 + green * 5 + blue, each 0…4.
    public let index: UInt8

    /// Levels a channel has. (Computed, as ``count`` is, so the ink code
    /// arithmetic of every cell a frame writes folds to constants instead
    /// of reading a lazily set global.)
    public static var levels: Int { 5 }
    /// Colours there are.
    public static var count: Int { levels * levels * levels }

    public init(index: UInt8) {
        self.index = min(index, UInt8(LEDPixelColor.count - 1))
    }

    /// The nearest colour of the cube.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        func level(_ channel: UInt8) -> Int { (Int(channel) * (LEDPixelColor.levels - 1) + 127) / 255 }
        index = UInt8(level(red) * 25 + level(green) * 5 + level(blue))
    }

    /// The colour in 8-bit channels.
    public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
        func channel(_ level: Int) -> UInt8 { UInt8((level * 255 + 2) / (LEDPixelColor.levels - 1)) }
        let value = Int(index)
        return (channel(value / 25), channel(value / 5 % 5), channel(value % 5))
    }
}
