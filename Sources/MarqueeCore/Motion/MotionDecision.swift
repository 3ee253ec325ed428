/// What the frame loop may do: how often to tick, whether anything moves,
/// and whether decorative effects (rainbow, fades, glow) run.
public struct MotionDecision: Sendable, Hashable {
    public var framesPerSecond: Int
    public var animationAllowed: Bool
    public var effectsAllowed: Bool

    public init(framesPerSecond: Int, animationAllowed: Bool, effectsAllowed: Bool) {
        self.framesPerSecond = framesPerSecond
        self.animationAllowed = animationAllowed
        self.effectsAllowed = effectsAllowed
    }

    /// 0 fps, nothing moves: the loop does not tick at all.
    public static let stopped = MotionDecision(framesPerSecond: 0, animationAllowed: false, effectsAllowed: false)
}
