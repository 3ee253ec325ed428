import Glibc

/// Sends each frame to the terminal in one write. ncurses 6.4 flushes its
/// output after every cursor movement, which for a scrolling sign is a
/// hundred small writes a frame, each waking the terminal (measured at
/// 200x50: 8,000 writes a second, half the CPU in the kernel's tty path).
/// ncurses writes into a pipe instead; after each update the main actor
/// drains the pipe and writes what it holds to the terminal at once.
///
/// The pipe is only read when ncurses has returned, so a single update must
/// fit in it: `Screen` updates in bands of rows no larger than `capacity`.
final class OutputBatcher {
    /// The end ncurses writes to.
    let writeFD: Int32
    private let readFD: Int32
    private let terminalFD: Int32
    /// Bytes the pipe holds before a writer would block.
    let capacity: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var pending: [UInt8] = []
    private var terminalGone = false

    /// Largest pipe asked for (Linux allows 1 MiB without privileges).
    static let preferredCapacity: Int32 = 1 << 20
    // Linux fcntl commands, hidden by Glibc's module behind _GNU_SOURCE.
    private static let setPipeSize: Int32 = 1031
    private static let getPipeSize: Int32 = 1032

    init?(terminalFD: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        readFD = fds[0]
        writeFD = fds[1]
        self.terminalFD = terminalFD
        _ = fcntl(readFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(writeFD, OutputBatcher.setPipeSize, OutputBatcher.preferredCapacity)
        let size = fcntl(writeFD, OutputBatcher.getPipeSize)
        capacity = size > 0 ? Int(size) : 65_536
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Queues bytes of the sign's own behind what ncurses wrote, for the
    /// next ``drain()``: a few bytes, which the pipe always has room for.
    func enqueue(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(writeFD, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Moves everything ncurses wrote so far to the terminal in one write.
    func drain() {
        pending.removeAll(keepingCapacity: true)
        while true {
            let count = read(readFD, &buffer, buffer.count)
            if count > 0 {
                pending.append(contentsOf: buffer[0..<count])
                continue
            }
            if count < 0, errno == EINTR { continue }
            break  // EAGAIN: the pipe is empty
        }
        guard !pending.isEmpty, !terminalGone else { return }
        pending.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(terminalFD, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR || errno == EAGAIN {
                    continue
                } else {
                    // The terminal hung up: drop output; the keyboard reader
                    // sees the same and the player quits.
                    terminalGone = true
                    return
                }
            }
        }
    }
}
