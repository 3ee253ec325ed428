/// The one pure function that turns power and user conditions into a frame
/// rate (docs/motion-policy.md).
///
/// ```swift
/// MotionPolicy.resolve(surface: .fullScreen, lowPower: false, reduceMotion: false,
///                      thermal: .fair, scene: .active).framesPerSecond  // 30
/// ```
public enum MotionPolicy {
    /// `quiet`: quiet hours with `--quiet-mode off` hold, and no key lit
    /// the sign (docs/schedules.md): stopped, as in the background.
    public static func resolve(surface: Surface, lowPower: Bool, reduceMotion: Bool, thermal: ThermalState, scene: ScenePhase,
                               quiet: Bool = false) -> MotionDecision {
        guard scene == .active, !quiet, !lowPower, !reduceMotion else { return .stopped }
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
