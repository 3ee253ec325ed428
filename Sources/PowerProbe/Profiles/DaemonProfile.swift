import MarqueeCore

/// The profile power-profiles-daemon reports as its `ActiveProfile`
/// (docs/power-probe.md, "Power news"): what GNOME and KDE call Power
/// Saver, Balanced and Performance.
///
/// The name comes off the system bus, so it is bounded and made safe before
/// it goes anywhere it could be shown: one of the daemon's own three names
/// is kept as it is; any other is cut to ``maximumCharacters`` with every
/// character a terminal would act on escaped (`TerminalText.visible`).
///
/// ```swift
/// DaemonProfile(activeProfile: "power-saver")?.isPowerSaver   // true
/// DaemonProfile(activeProfile: "balanced")?.source           // "power-profiles-daemon balanced"
/// ```
public struct DaemonProfile: Sendable, Hashable {
    /// The daemon's own profiles (its D-Bus API since 0.1).
    public static let knownNames = ["power-saver", "balanced", "performance"]
    /// Characters kept of a name the daemon is not known to use.
    public static let maximumCharacters = 32

    /// The profile's name, safe to show.
    public let name: String

    /// Nil for an empty name, which says nothing.
    public init?(activeProfile: String) {
        guard !activeProfile.isEmpty else { return nil }
        name = Self.knownNames.contains(activeProfile)
            ? activeProfile : TerminalText.visible(String(activeProfile.prefix(Self.maximumCharacters)))
    }

    /// The profile that means low power.
    public var isPowerSaver: Bool { name == "power-saver" }

    /// What the `power` record's `source` says of it.
    public var source: String { "power-profiles-daemon \(name)" }
}
