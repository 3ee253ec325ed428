/// The LEDs of a glyph that its outline covers only in part, each at one of
/// three brightness steps between unlit and lit (docs/display.md, "LEDs in
/// brightness steps"): an LED sign drives its LEDs by PWM, so the edge of a
/// curve can be a dimmer LED instead of a stair step.
///
/// Two bit planes laid out as ``Glyph/columns`` (bit `r` of column `x` is
/// row `r` of the line box): an LED's step is `low | high << 1`, 1…3, and
/// 0 where the glyph is lit (the threshold decides that, as without steps)
/// or dark. Only outline fonts drawn by FreeType have any; the built-in face,
/// BDF, `.hex` and bitmap strikes stay one bit a pixel.
///
/// ```swift
/// let levels = GlyphLevels(low: [0b01], high: [0b10])
/// levels.step(x: 0, row: 0)  // 1: a third
/// levels.step(x: 0, row: 1)  // 2: two thirds
/// ```
public struct GlyphLevels: Sendable, Equatable {
    /// Bit 0 of each LED's step.
    public var low: [UInt64]
    /// Bit 1 of each LED's step.
    public var high: [UInt64]

    public init(low: [UInt64], high: [UInt64]) {
        precondition(low.count == high.count)
        self.low = low
        self.high = high
    }

    /// Steps between unlit and lit: 1 (a quarter), 2 (a half), 3 (three
    /// quarters), drawn in the shades a fade uses (``LEDShade/glow1``…).
    public static let steps = 3

    /// The step of coverage `coverage` (of 255) for an LED the threshold
    /// leaves unlit: 0 below an eighth (a speck of ink is no light), then
    /// the nearest quarter.
    public static func step(coverage: UInt8) -> Int {
        min(steps, (Int(coverage) * 4 + 127) / 255)
    }

    /// The step of the LED at column `x`, row `row`; 0 outside.
    public func step(x: Int, row: Int) -> Int {
        guard low.indices.contains(x), row >= 0, row < 64 else { return 0 }
        return Int(low[x] >> UInt64(row) & 1) | Int(high[x] >> UInt64(row) & 1) << 1
    }

    /// The shade a lit LED's step `step` (1…3) shows in; nil for 0.
    @inline(__always)
    public static func shade(low: UInt64, high: UInt64, row: Int) -> LEDShade? {
        let step = Int(low >> UInt64(row) & 1) | Int(high >> UInt64(row) & 1) << 1
        return step == 0 ? nil : LEDShade(rawValue: UInt8(step))
    }
}
