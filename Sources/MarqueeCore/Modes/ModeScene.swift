/// What a mode adds to a frame's scene (``MarqueeScene/mode``) when it
/// draws through the mode path, quantised as the scene is: two equal
/// scenes draw the same frame, so a tick that moves a transition by less
/// than a step draws nothing. Nil in the scene for everything the sign
/// draws by itself (scroll, hold, flash, bounce, cycle, a finished
/// transition), so those frames are drawn exactly as before.
public struct ModeScene: Sendable, Equatable {
    /// What draws this frame.
    public enum Effect: Sendable, Equatable {
        /// A transition at `step` of `steps`: entering (the message comes
        /// on) or leaving.
        case transition(Transition, entering: Bool, step: Int, steps: Int)
        /// The twinkle's `step`-th picture.
        case twinkle(step: Int)
    }

    public var effect: Effect
    /// The message's seed (``ModeSeed``): which LEDs a random order picks.
    public var seed: UInt64

    public init(effect: Effect, seed: UInt64) {
        self.effect = effect
        self.seed = seed
    }

    /// Transition steps a second: smooth at the frame rates a sign draws,
    /// and a tick between two steps draws nothing.
    public static let stepsPerSecond = 30.0

    /// The frame's canvas from the message's.
    public func apply(to source: ModeCanvas) -> ModeCanvas {
        switch effect {
        case let .transition(transition, entering, step, steps):
            let progress = steps > 0 ? min(1, max(0, Double(step) / Double(steps))) : 1
            return TransitionFrame.frame(transition, source: source, progress: progress, entering: entering, seed: seed)
        case .twinkle(let step):
            return Twinkle.frame(source: source, step: step, seed: seed)
        }
    }
}

/// The reproducible randomness of modes: a message's seed from its text
/// and place, and a value per LED from a seed, so `random`, `dissolve`,
/// `sparkle` and `twinkle` draw the same every run (exports, tests).
public enum ModeSeed {
    /// The seed of the message `text` at `index` in its deck (FNV-1a over
    /// the text's UTF-8, mixed with the index).
    public static func of(text: String, index: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8.prefix(4096) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return mix(hash ^ UInt64(truncatingIfNeeded: index))
    }

    /// A well-mixed value for `a`, `b` and `c` under `seed` (SplitMix64's
    /// finaliser): a pure function, so an LED's turn never depends on the frame.
    @inline(__always)
    public static func value(_ seed: UInt64, _ a: Int, _ b: Int, _ c: Int = 0) -> UInt64 {
        mix(seed ^ UInt64(truncatingIfNeeded: a) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(truncatingIfNeeded: b) &* 0xC2B2_AE3D_27D4_EB4F ^ UInt64(truncatingIfNeeded: c) &* 0x1656_67B1_9E37_79F9)
    }

    /// `value` as a fraction in [0, 1).
    @inline(__always)
    public static func unit(_ seed: UInt64, _ a: Int, _ b: Int, _ c: Int = 0) -> Double {
        Double(value(seed, a, b, c) >> 11) / Double(1 << 53)
    }

    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
