/// Key of the pass timer: the message and when its pass ends (nil: no timer).
public struct PassTimerID: Sendable, Hashable {
    public var messageID: Int
    public var deadline: Double?
    public init(messageID: Int, deadline: Double?) {
        self.messageID = messageID
        self.deadline = deadline
    }
}
