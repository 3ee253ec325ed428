/// Whether the scene is in front of the user (docs/motion-policy.md): suspended with Ctrl-Z
/// is background.
public enum ScenePhase: String, Sendable, Hashable, CaseIterable {
    case active, background
}
