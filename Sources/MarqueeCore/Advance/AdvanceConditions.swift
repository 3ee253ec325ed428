/// Whether the automatic advance to the next message may be scheduled now
/// (docs/cue-flow.md). Every input is a field, so the condition ID that restarts the
/// wait can hold exactly these plus the cue index.
public struct AdvanceConditions: Sendable, Hashable {
    /// The flow has at least two messages to rotate through.
    public var advancesAutomatically: Bool
    public var sceneActive: Bool
    public var paused: Bool
    public var motionAllowed: Bool
    public var framesPerSecond: Int
    public var completed: Bool
    /// The message has been shown whole: it fits, or its last letter has
    /// scrolled into view. Until then its seconds do not run.
    public var messageShown: Bool
    /// A `say` interrupt shows: the flow waits behind it, and its end
    /// flipping this back starts a full wait.
    public var interrupted: Bool

    public init(advancesAutomatically: Bool, sceneActive: Bool, paused: Bool, motionAllowed: Bool, framesPerSecond: Int,
                completed: Bool, messageShown: Bool = true, interrupted: Bool = false) {
        self.advancesAutomatically = advancesAutomatically
        self.sceneActive = sceneActive
        self.paused = paused
        self.motionAllowed = motionAllowed
        self.framesPerSecond = framesPerSecond
        self.completed = completed
        self.messageShown = messageShown
        self.interrupted = interrupted
    }

    /// True only when every condition holds; breaking any one alone stops it.
    public var shouldSchedule: Bool {
        advancesAutomatically && sceneActive && !paused && motionAllowed && framesPerSecond > 0 && !completed && messageShown
            && !interrupted
    }
}
