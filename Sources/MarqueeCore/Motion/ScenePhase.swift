/// Whether the scene is in front of the user (docs/motion-policy.md).
/// Suspended with Ctrl-Z is `background`; a display that is switched off
/// (docs/power-probe.md, "Display power") makes the scene `inactive`. The
/// motion policy treats both the same way: nobody can see the sign, so it
/// draws no frames and schedules no advance.
public enum ScenePhase: String, Sendable, Hashable, CaseIterable {
    case active, inactive, background
}
