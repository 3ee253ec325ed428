import Glibc

/// Reads the first line of a small regular file for `{file:PATH}`: on the
/// event loop, so it opens without waiting (a FIFO would block until a
/// writer came) and refuses anything but a regular file, and it reads at
/// most ``maximumBytes``, however big the file is.
enum FirstLineReader {
    static let maximumBytes = 4_096
    /// The longest line shown: a status word or a sentence, not a document.
    static let maximumLineBytes = 1_024

    /// The first line, without its newline and cut to ``maximumLineBytes``
    /// at a character boundary.
    static func firstLine(of path: String) throws(Platform.ReadError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(errno) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw .directory }
        guard kind == S_IFREG else { throw .notRegularFile }
        var buffer = [UInt8](repeating: 0, count: maximumBytes)
        var count = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, maximumBytes) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .system(errno) }
            count = got
            break
        }
        var line = buffer[0..<count]
        if let newline = line.firstIndex(of: UInt8(ascii: "\n")) { line = line[..<newline] }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return cut(Array(line))
    }

    /// `bytes` as text, cut before ``maximumLineBytes`` without splitting
    /// a UTF-8 sequence.
    static func cut(_ bytes: [UInt8]) -> String {
        var end = min(bytes.count, maximumLineBytes)
        // Back over continuation bytes to the start of the cut character.
        if end < bytes.count { while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 } }
        return String(decoding: bytes[0..<end], as: UTF8.self)
    }
}
