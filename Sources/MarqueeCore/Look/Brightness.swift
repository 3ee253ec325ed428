/// How bright the LEDs are: a whole percentage of full, 1 to 100
/// (`--brightness`, a deck entry's or a `say`'s `brightness`; docs/display.md,
/// "Brightness"). The lit and the unlit LEDs are scaled together, the
/// captions and the status line with them; how that is shown at each colour
/// depth, with the floors that keep lit, unlit and the background apart, is
/// `InkColors`'s.
///
/// ```swift
/// Brightness(parsing: "40")?.percent     // 40
/// Brightness(parsing: "40%")?.level      // 0.4
/// Brightness(number: 40.5)               // nil: a whole number only
/// ```
public struct Brightness: Sendable, Hashable, Comparable {
    /// 1 … 100.
    public let percent: Int

    /// The percentages there are. Not 0: a sign at 0 % is dark, which
    /// quiet hours' `off` is for, and it would take the unlit grid with it.
    public static let range = 1...100
    /// The default: the LEDs as bright as the colour depth shows them.
    public static let full = Brightness(checked: 100)

    private init(checked percent: Int) { self.percent = percent }

    /// `percent` when it is within ``range``; nil otherwise.
    public init?(percent: Int) {
        guard Brightness.range.contains(percent) else { return nil }
        self.percent = percent
    }

    /// A JSON number (a deck entry, a control request): a whole number
    /// within ``range``; nil for a fraction, NaN, an infinity or one out of
    /// range, so a script's `0.4` (meant as 40 %) is refused, not shown at 1 %.
    public init?(number: Double) {
        guard number.isFinite, number == number.rounded(), number >= 1, number <= 100 else { return nil }
        self.percent = Int(number)
    }

    /// As a person types it (`--brightness`, the config file, `send
    /// --brightness`): ASCII digits, optionally followed by `%`, with
    /// spaces around ignored. Anything else — a sign, a fraction, an
    /// exponent, 0, over 100 — is nil (the caller says ``rule``).
    public init?(parsing text: String) {
        var digits = Substring(text).drop { $0 == " " }
        while digits.last == " " { digits = digits.dropLast() }
        if digits.last == "%" { digits = digits.dropLast() }
        // At most 3 digits and leading zeros: "0040" is 40; a long run of
        // digits is refused before `Int` reads it.
        let significant = digits.drop { $0 == "0" }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), significant.utf8.count <= 3,
              let percent = Int(significant.isEmpty ? "0" : significant), let brightness = Brightness(percent: percent) else {
            return nil
        }
        self = brightness
    }

    /// What a refusal says the value must be, after the value's name.
    public static let rule = "a whole number from 1 to 100 (percent)"

    /// 0.01 … 1, what the colours are scaled by.
    public var level: Double { Double(percent) / 100 }

    /// As typed and as the status reply gives it: `40`.
    public var text: String { String(percent) }

    public static func < (lhs: Brightness, rhs: Brightness) -> Bool { lhs.percent < rhs.percent }
}
