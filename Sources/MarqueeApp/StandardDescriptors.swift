import Glibc

/// Which standard descriptors (0, 1, 2) the process started without, as in
/// `ledmarquee -f - <&-`.
///
/// A closed standard descriptor is a free number: the next `open`, `pipe`
/// or `eventfd` gets it. The event loop's eventfd or the crash guard's pipe
/// would then sit on descriptor 0, and `-f -` would read that instead of
/// reporting the truth ("Resource temporarily unavailable" from the crash
/// guard's empty pipe). So before anything opens a descriptor, `claim`
/// puts `/dev/null` on each closed one (the usual daemon practice) and
/// remembers which they were.
public struct StandardDescriptors: Sendable {
    /// Standard input was closed at start: `-f -` has nothing to read.
    public let inputClosed: Bool

    /// Fills each closed standard descriptor with `/dev/null`. Call it
    /// first in `main`, before `EventLoop.main` or anything else opens a
    /// descriptor.
    public static func claim() -> StandardDescriptors {
        var inputClosed = false
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            if fd == STDIN_FILENO { inputClosed = true }
            // The lowest free number is `fd` itself: 0, 1 and 2 are
            // claimed in order, and nothing else is open yet.
            let opened = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
        return StandardDescriptors(inputClosed: inputClosed)
    }

    /// Nothing known to be closed (tests, callers that did not claim).
    public init(inputClosed: Bool = false) {
        self.inputClosed = inputClosed
    }
}
