/// A callback timer of an `EventLoop`, returned by `schedule(at:_:)`: the
/// token `cancel(_:)` takes. Cancelling a timer that already fired, or was
/// already cancelled, does nothing.
public struct LoopTimer: Hashable, Sendable {
    let id: UInt64
}
