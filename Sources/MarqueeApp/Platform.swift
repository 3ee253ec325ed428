import Glibc
import MarqueeCore

/// The only place that touches the process: environment, standard streams,
/// exit status, bounded file reads (as swift-argument-parser's `Platform`).
enum Platform {
    /// The process environment, read from `environ` (no Foundation: it
    /// alone would add a third to the program's memory).
    static var environment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// One line on stderr. Errors quote values from the command line and
    /// from files, so anything a terminal would act on is shown escaped
    /// (see `TerminalText.visible`), and the line stays one line.
    static func writeError(_ line: String) {
        writeAll(STDERR_FILENO, TerminalText.visible(line) + "\n")
    }

    static func writeOutput(_ text: String) {
        writeAll(STDOUT_FILENO, text)
    }

    /// Writes all of `text`, retrying short writes and interruptions.
    /// Returns nil when all was written, else the errno of the failure.
    @discardableResult
    static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        writeAll(fd, Array(text.utf8))
    }

    /// Writes all of `bytes`, as `writeAll(_:_:)` does a text. `socket`:
    /// with `send(MSG_NOSIGNAL)`, so a peer that has gone is `EPIPE` to
    /// report, never SIGPIPE, whatever the process does with that signal.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], socket: Bool = false) -> Int32? {
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                socket ? send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    : write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                // write(2) returns 0 only for a zero count; count it as EIO.
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }

    /// Ends the process by `signal` with its default action, so that a
    /// shell sees 128+N and a supervisor sees a signal, not a normal exit.
    /// The signal is blocked (it arrived on the signalfd): it is raised
    /// while blocked, so it is pending, then unblocked on this thread,
    /// which takes it at once.
    static func die(of signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // Not reached: every signal the player ends by has a default action
        // that ends the process (SignalEvents.ending).
        _exit(128 + signal)
    }

    /// An error that ends the run: a message line and an exit status.
    struct Failure: Error {
        let message: String
        let status: Int32
    }

    /// Why a bounded read failed.
    enum ReadError: Error, Equatable {
        /// `open` or `read` failed with this errno.
        case system(Int32)
        case directory
        /// A FIFO, socket or device where only a regular file will do.
        case notRegularFile
        case tooLarge
        /// A file of the kernel's (/proc, /sys, debugfs…), which a read
        /// may change: `{file:/proc/kmsg}` would consume the kernel's log.
        case kernelFile
    }

    /// Reads at most `limit` bytes from a path ("-" is standard input when
    /// `dashIsStandardInput`), refusing directories and anything larger, so a
    /// huge or endless input can never hang or exhaust memory. Works for
    /// pipes and devices, whose size `stat` cannot tell in advance — unless
    /// `regularFileOnly`: then the path is opened without waiting (opening a
    /// FIFO would block until a writer came) and anything but a regular file
    /// is refused, so a read on the event loop cannot block it.
    static func readAll(_ path: String, limit: Int, dashIsStandardInput: Bool,
                        regularFileOnly: Bool = false) throws(ReadError) -> [UInt8] {
        let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | (regularFileOnly ? O_NONBLOCK : 0)
        let fd = dashIsStandardInput && path == "-" && !regularFileOnly ? dup(STDIN_FILENO) : open(path, flags)
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(fd, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { throw .directory }
            if regularFileOnly, kind != S_IFREG { throw .notRegularFile }
            // A regular file's size is known: a huge (or sparse) one is
            // refused before a byte is read.
            if kind == S_IFREG, info.st_size > limit { throw .tooLarge }
            if info.st_size > 0 { bytes.reserveCapacity(min(Int(info.st_size), limit + 1)) }
        } else if regularFileOnly {
            throw .system(errno)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .tooLarge }
        }
    }

    /// `readAll` with its messages ("-" is standard input), which name
    /// `what` is read: a cue file unless said otherwise.
    static func readBounded(_ path: String, limit: Int, regularFileOnly: Bool = false,
                            what: String = "cue file") throws(Failure) -> [UInt8] {
        do {
            return try readAll(path, limit: limit, dashIsStandardInput: true, regularFileOnly: regularFileOnly)
        } catch {
            throw Failure(message: "\(displayName(path)): cannot read \(what): \(error.reason(limit: limit))", status: 1)
        }
    }

    /// How a path is named in messages: `-` is standard input.
    static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path
    }
}

extension Platform.ReadError {
    /// What went wrong, in the words every file error uses
    /// (`ledmarquee: FILE: cannot read WHAT: REASON`).
    func reason(limit: Int) -> String {
        switch self {
        case .system(let code): String(cString: strerror(code))
        case .directory: String(cString: strerror(EISDIR))
        case .notRegularFile: "not a regular file"
        case .kernelFile: "a kernel file (/proc, /sys), which reading may change; not read"
        case .tooLarge: limit >= 1 << 20 ? "larger than \(limit >> 20) MB" : "larger than \(limit >> 10) KiB"
        }
    }
}
