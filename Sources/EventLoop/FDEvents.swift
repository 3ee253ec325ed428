import Glibc

/// What the loop's wait reported for a watched file descriptor, as handed to
/// its handler (epoll's bits are poll's).
public struct FDEvents: OptionSet, Sendable, CustomStringConvertible {
    public let rawValue: Int16
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// Data to read, or end of file (a read will not block).
    public static let readable = FDEvents(rawValue: Int16(POLLIN))
    /// Room to write (a write will not block).
    public static let writable = FDEvents(rawValue: Int16(POLLOUT))
    /// The other end is gone (a tty hung up, a pipe's writers closed).
    public static let hangUp = FDEvents(rawValue: Int16(POLLHUP))
    /// An error condition, or an fd that was not open when watched (poll's
    /// POLLNVAL), which the loop then stops watching itself.
    public static let error = FDEvents(rawValue: Int16(POLLERR))

    init(revents: Int16) {
        var events = FDEvents(rawValue: revents & (Int16(POLLIN) | Int16(POLLOUT) | Int16(POLLHUP) | Int16(POLLERR)))
        if revents & Int16(POLLNVAL) != 0 { events.insert(.error) }
        self = events
    }

    public var description: String {
        let names = [(FDEvents.readable, "readable"), (.writable, "writable"), (.hangUp, "hangUp"), (.error, "error")]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
