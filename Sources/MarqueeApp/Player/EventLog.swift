import EventLoop
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
        /// Why the last one was not written (strerror, or the queue's bound).
        var reason: String
        /// How many records were not written.
        var records: Int
        /// Whether any record was written at all.
        var anyWritten: Bool
    }

    /// Bytes of records that may wait for a slow reader of a pipe or FIFO
    /// (a few thousand records); past that, records are dropped and counted.
    static let queueLimit = 1 << 20
    /// What the sign waits, at the end, for a reader to take the records
    /// still queued.
    static let finishMilliseconds: Int32 = 1000

    let path: String
    private let fd: Int32
    private let writer: QueuedWriter
    /// Records written, or queued and not (yet) lost.
    private var written = 0
    /// Nil while every record has been written.
    private(set) var loss: Loss?
    /// Called when records already queued are lost later (the reader of a
    /// FIFO went away while they waited), with the notice to show.
    var onLateLoss: ((String) -> Void)?

    init(path: String, loop: EventLoop = .main) throws(Platform.Failure) {
        self.path = path
        // O_NONBLOCK: a FIFO nobody reads would otherwise hold the program
        // here forever, before the terminal is even set up (with it, the
        // open fails with ENXIO); and a slow reader never holds the loop
        // (`QueuedWriter`). A regular file's writes do not wait on anyone.
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            let isFIFO = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
            let reason = code == ENXIO && isFIFO ? "a FIFO no process is reading" : String(cString: strerror(code))
            throw Platform.Failure(message: "\(path): cannot open events log: \(reason)", status: 1)
        }
        writer = QueuedWriter(fd: fd, loop: loop, limit: EventLog.queueLimit)
        writer.onLoss = { [unowned self] code, records in
            // ETIMEDOUT is `finish` giving up on a reader that took nothing.
            let reason = code == ETIMEDOUT ? "the reader stopped reading" : String(cString: strerror(code))
            self.count(lost: records, reason: reason, accepted: true)
            self.onLateLoss?(EventLog.notice(reason))
        }
    }

    deinit {
        writer.onLoss = nil
        close(fd)
    }

    /// Writes one record, or queues it behind a slow reader; returns why it
    /// could not be written (a full disk, a FIFO whose reader went away, a
    /// reader so slow the queue is full), which `loss` keeps.
    @discardableResult
    func write(_ record: EventRecord, at seconds: Double) -> String? {
        let reason: String
        switch writer.write(Array((record.jsonLine(at: seconds) + "\n").utf8)) {
        case .written, .queued:
            written += 1
            return nil
        case .dropped:
            reason = "the reader is too slow (\(EventLog.queueLimit >> 20) MB waiting)"
        case .failed(let code):
            reason = String(cString: strerror(code))
        }
        count(lost: 1, reason: reason, accepted: false)
        return reason
    }

    /// Gives a slow reader a last moment for the records still queued;
    /// those it does not take count as lost.
    func finish() {
        writer.finish(timeoutMilliseconds: EventLog.finishMilliseconds)
    }

    /// `accepted`: the records had been queued, so counted as written
    /// until now.
    private func count(lost records: Int, reason: String, accepted: Bool) {
        var loss = loss ?? Loss(reason: reason, records: 0, anyWritten: false)
        loss.reason = reason
        loss.records += records
        if accepted { written -= records }
        loss.anyWritten = written > 0
        self.loss = loss
    }

    /// The stderr line for `loss`, nil when nothing was lost.
    var lossMessage: String? {
        guard let loss else { return nil }
        guard loss.anyWritten else { return "\(path): cannot write events log: \(loss.reason)" }
        let records = loss.records == 1 ? "1 record" : "\(loss.records) records"
        return "\(path): events log: \(records) not written: \(loss.reason)"
    }

    /// What the controls line says while records are being lost.
    static func notice(_ reason: String) -> String {
        "events log: \(reason)"
    }
}
