/// The sign's LED colour: a named colour, any `#RRGGBB`, or a rainbow.
public enum LEDColor: Sendable, Equatable {
    case solid(red: UInt8, green: UInt8, blue: UInt8)
    case rainbow

    /// The names `-c` accepts, in the order help lists them.
    public static let names: [(name: String, color: LEDColor)] = [
        ("red", .solid(red: 255, green: 32, blue: 16)),
        ("amber", .solid(red: 255, green: 170, blue: 0)),
        ("green", .solid(red: 40, green: 255, blue: 60)),
        ("blue", .solid(red: 40, green: 110, blue: 255)),
        ("white", .solid(red: 255, green: 255, blue: 255)),
        ("cyan", .solid(red: 0, green: 230, blue: 255)),
        ("magenta", .solid(red: 255, green: 40, blue: 220)),
        ("rainbow", .rainbow),
    ]

    /// Parses a colour name or `#RRGGBB` (case-insensitive); `nil` otherwise.
    ///
    /// ```swift
    /// LEDColor(parsing: "#FFA500")  // .solid(red: 255, green: 165, blue: 0)
    /// ```
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if let named = LEDColor.names.first(where: { $0.name == lowered }) {
            self = named.color
            return
        }
        let digits = Array(lowered.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
              digits.dropFirst().allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
              let value = UInt32(lowered.dropFirst(), radix: 16) else { return nil }
        self = .solid(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// The colour as `-c` takes it: its name when it has one, else
    /// `#RRGGBB` (for the status reply).
    public var spelled: String {
        if let named = LEDColor.names.first(where: { $0.color == self }) { return named.name }
        guard case let .solid(red, green, blue) = self else { return "rainbow" }
        let digits = [red, green, blue].map { String($0, radix: 16, uppercase: true) }
        return "#" + digits.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    /// The colour of hue slot `hue` (rainbow) or the solid colour.
    public func rgb(hue: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch self {
        case let .solid(red, green, blue):
            return (red, green, blue)
        case .rainbow:
            return LEDColor.hueColor(Double(hue) / Double(MarqueeScene.rainbowHues))
        }
    }

    /// A fully saturated colour at `fraction` of the colour wheel.
    static func hueColor(_ fraction: Double) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let h = (fraction - fraction.rounded(.down)) * 6
        let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (1, x, 0)
        case 1: (r, g, b) = (x, 1, 0)
        case 2: (r, g, b) = (0, 1, x)
        case 3: (r, g, b) = (0, x, 1)
        case 4: (r, g, b) = (x, 0, 1)
        default: (r, g, b) = (1, 0, x)
        }
        return (UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
    }
}
