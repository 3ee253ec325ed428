/// Key of the drift timer (`--drift`, docs/condition-ids.md): the step the
/// sign is at and the seconds to the next one, nil for no timer (no
/// `--drift`, or the scene not active: nobody sees a sign in the
/// background or on a screen that is off). Each step bumps the ID, so the
/// timer sleeps again, one wake-up per interval.
public struct DriftTimerID: Sendable, Hashable {
    public var step: Int
    public var seconds: Double?

    public init(step: Int, seconds: Double?) {
        self.step = step
        self.seconds = seconds
    }
}
