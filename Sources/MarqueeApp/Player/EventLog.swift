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

    /// A full disk must not stop the sign: a failed write is dropped.
    func write(_ record: EventRecord, at seconds: Double) {
        Platform.writeAll(fd, record.jsonLine(at: seconds) + "\n")
    }
}
