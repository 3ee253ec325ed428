/// `flash`: the message at rest, lit for the first half of each second of
/// the mode's clock and unlit (the sign's dark grid) for the second. It
/// carries meaning, so it keeps blinking at a tier below full; stopped
/// (reduce motion, low power, heat) it stands lit, steady.
enum Flash {
    static let period = 1.0

    /// Whether the message is in its dark half at `seconds` on the mode clock.
    static func isOff(at seconds: Double) -> Bool {
        let phase = seconds.truncatingRemainder(dividingBy: period)
        return phase >= period / 2
    }
}
