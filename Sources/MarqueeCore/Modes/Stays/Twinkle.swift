/// `twinkle`: the message at rest, a few of its lit LEDs at a time dimmed
/// to a glow step for a moment, as LEDs of a real sign flicker. Which ones
/// is drawn from the seed and the step, so the picture is a pure function
/// of the mode's clock and repeats every ``period`` seconds. Decorative: at
/// a tier below full the message stands lit.
enum Twinkle {
    /// Pictures a second.
    static let stepsPerSecond = 8.0
    /// Steps before the pictures repeat (8 s).
    static let steps = 64
    static var period: Double { Double(steps) / stepsPerSecond }

    static func step(at seconds: Double) -> Int {
        let step = Int((max(0, seconds) * stepsPerSecond).rounded(.down))
        return step % steps
    }

    static func frame(source: ModeCanvas, step: Int, seed: UInt64) -> ModeCanvas {
        var canvas = source
        source.forEachLit { column, row in
            // One LED in twelve, each step; dimmed to one of the steps.
            let roll = ModeSeed.value(seed, column, row, step % steps)
            if roll % 12 == 0 { canvas[column, row] = LEDShade(rawValue: UInt8(1 + (roll >> 8) % 3)) ?? .glow2 }
        }
        return canvas
    }
}
