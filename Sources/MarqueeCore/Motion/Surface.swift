/// Where the marquee is shown: the full-screen player, or a reduced view of
/// it (the strip above the help overlay), which runs at lower rates.
public enum Surface: String, Sendable, Hashable, CaseIterable {
    case preview, fullScreen
}
