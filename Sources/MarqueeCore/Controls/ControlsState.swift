/// The controls slice: the status line under the sign and the help
/// overlay — whether they show, how often the line was revealed (its hide
/// timer's key), and the notice on it (docs/status-line.md).
public struct ControlsState: Sendable {
    public private(set) var helpOpen = false
    public private(set) var controlsVisible = false
    /// Counts key presses and notices that revealed the controls line: the
    /// hide timer is keyed by it, so each one restarts the idle timeout.
    public private(set) var controlsReveals = 0
    /// A short message for the controls line (e.g. why pause was refused).
    public private(set) var notice: String?
    /// Which reported notices are shown (docs/status-line.md).
    public private(set) var noticeLimiter = NoticeLimiter()
    /// Until when a reported notice stands even against a key: the minimum
    /// time it is shown. Nil for a key's own answer, which the next key clears.
    public private(set) var noticeHeldUntil: Double?

    init() {}

    /// A key or the start shows the line and restarts its idle timeout.
    mutating func reveal() {
        controlsReveals += 1
        controlsVisible = true
    }

    /// Whether a notice still stands against a key at `t`.
    func noticeHeld(at t: Double) -> Bool { noticeHeldUntil.map { t < $0 } ?? false }

    /// Shows a notice the host reported at `t`, unless the limiter holds it
    /// back; it stands for the minimum time.
    mutating func report(_ text: String, at t: Double) {
        guard noticeLimiter.admit(text, at: t) else { return }
        notice = text
        noticeHeldUntil = t + NoticeLimiter.minimumSeconds
        controlsVisible = true
        controlsReveals += 1
    }

    /// A key's own answer: never held back, and the next key clears it.
    mutating func answer(_ text: String) {
        notice = text
        noticeHeldUntil = nil
    }

    mutating func clearNotice() {
        notice = nil
        noticeHeldUntil = nil
    }

    /// The idle timer fired: the line hides, and its notice with it.
    mutating func hide() {
        controlsVisible = false
        clearNotice()
    }

    mutating func toggleHelp() { helpOpen.toggle() }
    mutating func closeHelp() { helpOpen = false }
}
