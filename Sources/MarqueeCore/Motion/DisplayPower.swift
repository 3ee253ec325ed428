/// Whether the screen the sign is on is lit, as the power probe reads it
/// from the display's sysfs files (docs/power-probe.md, "Display power").
/// Off makes the scene ``ScenePhase/inactive``; a machine that says nothing
/// (no DRM connector, backlight or framebuffer that reports) is `nil`, and
/// plays as on: no data is not a reason to stop the sign.
public enum DisplayPower: String, Sendable, Hashable, CaseIterable {
    case on, off
}
