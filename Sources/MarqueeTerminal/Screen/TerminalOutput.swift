import Glibc

/// Writes a frame's bytes to the terminal in one `write` (a scroll step at
/// 200x50 is a few hundred bytes, so one system call): every byte the sign
/// sends goes through here, in the order it was built, with nothing in
/// between to reorder or hold it.
struct TerminalOutput {
    let fd: Int32
    /// The terminal hung up or failed: output is dropped from then on (the
    /// keyboard reader sees the same and the player quits).
    private(set) var isGone = false

    /// How long to wait for a terminal that does not take bytes
    /// (`EAGAIN` on a descriptor someone made non-blocking) before the
    /// rest of the frame is dropped.
    static let stallLimitMilliseconds: Int32 = 1_000

    init(fd: Int32) {
        self.fd = fd
    }

    /// Writes all of `bytes`; false when they could not all be written (the
    /// terminal then shows an unknown mix, and the caller repaints).
    mutating func write(_ bytes: [UInt8]) -> Bool {
        guard !isGone else { return false }
        return bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    if poll(&ready, 1, TerminalOutput.stallLimitMilliseconds) <= 0 { return false }
                } else {
                    isGone = true
                    return false
                }
            }
            return true
        }
    }
}
