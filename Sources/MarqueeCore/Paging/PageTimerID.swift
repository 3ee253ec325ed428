/// Key of the page timer (docs/condition-ids.md): the message, the pages
/// turned and the seconds a page shows, nil for no timer (one page, or
/// nobody to see the next: paused, dark, in the background). Each turn
/// bumps the ID, so the timer sleeps another share; a pause or the scene
/// coming back starts a full share.
public struct PageTimerID: Sendable, Hashable {
    public var messageID: Int
    public var turns: Int
    public var seconds: Double?

    public init(messageID: Int, turns: Int, seconds: Double?) {
        self.messageID = messageID
        self.turns = turns
        self.seconds = seconds
    }
}
