import Glibc

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

    static func writeError(_ line: String) {
        writeAll(STDERR_FILENO, line + "\n")
    }

    static func writeOutput(_ text: String) {
        writeAll(STDOUT_FILENO, text)
    }

    /// Writes all of `text`, retrying short writes and interruptions.
    static func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// An error that ends the run: a message line and an exit status.
    struct Failure: Error {
        let message: String
        let status: Int32
    }

    /// Reads at most `limit` bytes from a path ("-" is standard input),
    /// refusing directories and anything larger, so a huge or endless input
    /// can never hang or exhaust memory.
    static func readBounded(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Failure(message: "cannot read '\(path)': \(String(cString: strerror(errno)))", status: 1)
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw Failure(message: "cannot read '\(path)': it is a directory", status: 1)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read '\(path)': \(String(cString: strerror(errno)))", status: 1)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw Failure(message: "'\(path)' is larger than \(limit / 1_048_576) MB", status: 1)
            }
        }
        return bytes
    }
}
