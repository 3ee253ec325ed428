/// The one pure function that turns power and user conditions into a frame
/// rate (docs/motion-policy.md).
///
/// ```swift
/// MotionPolicy.resolve(surface: .fullScreen, lowPower: false, reduceMotion: false,
///                      thermal: .fair, scene: .active).framesPerSecond  // 30
/// ```
public enum MotionPolicy {
    public static func resolve(surface: Surface, lowPower: Bool, reduceMotion: Bool, thermal: ThermalState, scene: ScenePhase) -> MotionDecision {
        guard scene == .active, !lowPower, !reduceMotion else { return .stopped }
        switch thermal {
        case .serious, .critical:
            return .stopped
        case .fair:
            return MotionDecision(framesPerSecond: surface == .fullScreen ? 30 : 12, animationAllowed: true, effectsAllowed: false)
        case .nominal:
            return MotionDecision(framesPerSecond: surface == .fullScreen ? 60 : 24, animationAllowed: true, effectsAllowed: true)
        }
    }
}
