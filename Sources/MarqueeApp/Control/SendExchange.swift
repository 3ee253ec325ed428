import Glibc

/// One request and its reply on a connected control socket, as
/// `ledmarquee send` makes it. The sign may answer and close before the
/// request is written — a refusal such as `too many connections (at most
/// 64)` is sent as the connection is accepted — so a write that fails
/// (`EPIPE`, `ECONNRESET`) is not the end: the reply already waiting is
/// read and its reason reported, not the write's errno (issue 26 item 5).
enum SendExchange {
    /// What came of it.
    enum Outcome {
        /// The first reply line; the reader has what follows (`watch`).
        case reply(String, LineReader)
        /// No reply: one line saying why, without the `ledmarquee:` prefix.
        case failed(String)
    }

    /// Writes `request` (one line, newline added) to `fd`, a blocking
    /// socket whose read timeout is set, and reads the first reply line.
    /// `path` names the socket in a failure.
    static func run(_ fd: Int32, request: String, path: String, replySeconds: Int) -> Outcome {
        let writeError = Platform.writeAll(fd, Array((request + "\n").utf8), socket: true)
        var reader = LineReader(fd: fd)
        if let reply = reader.next() { return .reply(reply, reader) }
        if let writeError { return .failed("\(path): cannot send: \(String(cString: strerror(writeError)))") }
        return .failed(reader.timedOut ? "\(path): no reply within \(replySeconds) s (is the sign stopped, Ctrl-Z?)"
                       : "\(path): the sign closed the connection without a reply")
    }
}
