import Glibc
import MarqueeCore

/// Appends `--events` records to a file, one JSON object per line, each
/// written with one `write(2)` so a reader never sees half a line.
final class EventLog {
    private let fd: Int32

    init(path: String) throws(Platform.Failure) {
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw Platform.Failure(message: "cannot open events log '\(path)': \(String(cString: strerror(errno)))", status: 1)
        }
    }

    deinit { close(fd) }

    func write(_ record: EventRecord, at seconds: Double) {
        let line = Array((record.jsonLine(at: seconds) + "\n").utf8)
        line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }  // a full disk must not stop the sign
                offset += written
            }
        }
    }
}
