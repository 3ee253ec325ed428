/// A file descriptor an `EventLoop` watches, returned by `watch(fd:_:)`: the
/// token `unwatch(_:)` takes.
public struct FDWatch: Hashable, Sendable {
    let id: UInt64
}
