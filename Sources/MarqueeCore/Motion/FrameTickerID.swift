/// Key of the frame ticker task: its rate in frames per second, 0 for none.
public struct FrameTickerID: Sendable, Hashable {
    public var framesPerSecond: Int
    public init(framesPerSecond: Int) { self.framesPerSecond = framesPerSecond }
}
