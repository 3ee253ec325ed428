import Glibc
import MarqueeCore

/// Appends `--events` records to a file, one JSON object per line, each
/// written with one `write(2)` so a reader never sees half a line.
///
/// A record that cannot be written is never lost silently
/// (docs/events-log.md, "When the log cannot be written"): `write` says so,
/// the player shows it on the controls line, and `loss` makes the run end
/// with a message on stderr and exit status 1.
final class EventLog {
    /// The records that could not be written.
    struct Loss {
        /// errno of the last failed write.
        var code: Int32
        /// How many records were not written.
        var records: Int
        /// Whether any record was written at all.
        var anyWritten: Bool
    }

    let path: String
    private let fd: Int32
    private var written = 0
    /// Nil while every record has been written.
    private(set) var loss: Loss?

    init(path: String) throws(Platform.Failure) {
        self.path = path
        // O_NONBLOCK only for the open: a FIFO nobody reads would otherwise
        // hold the program here forever, before the terminal is even set up
        // (with it, the open fails with ENXIO). Writes block again, so a
        // slow reader of a FIFO delays records rather than losing them.
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            let isFIFO = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
            let reason = code == ENXIO && isFIFO ? "a FIFO no process is reading" : String(cString: strerror(code))
            throw Platform.Failure(message: "\(path): cannot open events log: \(reason)", status: 1)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Writes one record; returns the errno when it could not be written
    /// (a full disk, a FIFO whose reader went away), which `loss` keeps.
    @discardableResult
    func write(_ record: EventRecord, at seconds: Double) -> Int32? {
        guard let code = Platform.writeAll(fd, record.jsonLine(at: seconds) + "\n") else {
            written += 1
            return nil
        }
        var loss = loss ?? Loss(code: code, records: 0, anyWritten: written > 0)
        loss.code = code
        loss.records += 1
        loss.anyWritten = written > 0
        self.loss = loss
        return code
    }

    /// The stderr line for `loss`, nil when nothing was lost.
    var lossMessage: String? {
        guard let loss else { return nil }
        let reason = String(cString: strerror(loss.code))
        guard loss.anyWritten else { return "\(path): cannot write events log: \(reason)" }
        let records = loss.records == 1 ? "1 record" : "\(loss.records) records"
        return "\(path): events log: \(records) not written: \(reason)"
    }

    /// What the controls line says while records are being lost.
    static func notice(_ code: Int32) -> String {
        "events log: \(String(cString: strerror(code)))"
    }
}
