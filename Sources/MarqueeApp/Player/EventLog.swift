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
///
/// Bounded on disk (docs/events-log.md, "Repeated records" and "Size and
/// rotation"): a flood of one kind of record is counted rather than written
/// (`RecordRateLimiter`), a regular file that would pass `maxBytes` is
/// renamed to `PATH.1` and a new one started, and `reopen` (SIGUSR1) starts
/// a new file after logrotate moved the old one.
///
/// Used on the event loop's thread only, like its `QueuedWriter` (hence
/// `@unchecked Sendable`: the loop's timer hands it back to that thread).
final class EventLog: @unchecked Sendable {
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

    /// `--events-max`'s default: 64 MiB a file, so at most twice that on disk.
    static let defaultMaxBytes = 64 << 20

    let path: String
    /// A regular file grows past this only by rotating (0: no cap).
    let maxBytes: Int
    private let loop: EventLoop
    /// Unix seconds now, for each record's `utc`; nil: records carry none.
    private let wallClock: (() -> Double)?
    private var fd: Int32
    private var writer: QueuedWriter
    /// Only a regular file is rotated or reopened: a FIFO, a pipe or a
    /// device has no size to cap and no name logrotate moves.
    private var isRegularFile: Bool
    private var limiter = RecordRateLimiter()
    /// Writes the `suppressed` counts when their window closes, even if no
    /// record follows.
    private var summaryTimer: LoopTimer?
    /// Records written, or queued and not (yet) lost.
    private var written = 0
    /// Nil while every record has been written.
    private(set) var loss: Loss?
    /// Called when records already queued are lost later (the reader of a
    /// FIFO went away while they waited), with the notice to show.
    var onLateLoss: ((String) -> Void)?

    /// `wallClock`: Unix seconds now, for each record's `utc` (nil: none,
    /// which the unit tests use to compare whole lines).
    init(path: String, maxBytes: Int = EventLog.defaultMaxBytes, loop: EventLoop = .main,
         wallClock: (() -> Double)? = nil) throws(Platform.Failure) {
        self.wallClock = wallClock
        self.path = path
        self.maxBytes = maxBytes
        self.loop = loop
        switch Self.open(path) {
        case .success(let fd): self.fd = fd
        case .failure(let reason): throw Platform.Failure(message: "\(path): cannot open events log: \(reason)", status: 1)
        }
        isRegularFile = Self.isRegularFile(fd)
        writer = QueuedWriter(fd: fd, loop: loop, limit: EventLog.queueLimit)
        watchLosses()
    }

    deinit {
        writer.onLoss = nil
        summaryTimer.map(loop.cancel)
        close(fd)
    }

    /// Opens `path` for appending; the reason it could not be, else.
    private static func open(_ path: String) -> Result<Int32, OpenFailure> {
        // O_NONBLOCK: a FIFO nobody reads would otherwise hold the program
        // here forever, before the terminal is even set up (with it, the
        // open fails with ENXIO); and a slow reader never holds the loop
        // (`QueuedWriter`). A regular file's writes do not wait on anyone.
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd < 0 else { return .success(fd) }
        let code = errno
        var info = stat()
        let isFIFO = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
        return .failure(OpenFailure(reason: code == ENXIO && isFIFO ? "a FIFO no process is reading" : String(cString: strerror(code))))
    }

    private struct OpenFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    private static func isRegularFile(_ fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private func watchLosses() {
        writer.onLoss = { [unowned self] code, records in
            // ETIMEDOUT is `finish` giving up on a reader that took nothing.
            let reason = code == ETIMEDOUT ? "the reader stopped reading" : String(cString: strerror(code))
            self.count(lost: records, reason: reason, accepted: true)
            self.onLateLoss?(EventLog.notice(reason))
        }
    }

    /// Starts a new file at `path` (SIGUSR1, after logrotate renamed the
    /// old one); the message to report when it cannot be opened, and then
    /// the old file is kept. Nothing happens to a log that is not a
    /// regular file.
    func reopen() -> String? {
        guard isRegularFile else { return nil }
        switch Self.open(path) {
        case .failure(let reason):
            return "\(path): cannot reopen events log: \(reason)"
        case .success(let newFD):
            replace(with: newFD)
            return nil
        }
    }

    /// Writes to `newFD` from now on. The old file is regular, so nothing
    /// of it waits in the writer.
    private func replace(with newFD: Int32) {
        writer.onLoss = nil
        close(fd)
        fd = newFD
        isRegularFile = Self.isRegularFile(newFD)
        writer = QueuedWriter(fd: newFD, loop: loop, limit: EventLog.queueLimit)
        watchLosses()
    }

    /// Makes room for `bytes` more under `maxBytes`: the file is renamed to
    /// `PATH.1` (replacing the one before) and a new one started. A file
    /// still empty takes a record larger than the cap whole. Returns why
    /// the record cannot be written when there is no room to be had.
    private func makeRoom(for bytes: Int) -> String? {
        guard maxBytes > 0, isRegularFile else { return nil }
        var info = stat()
        // Asked each time: other runs may append to the same file.
        guard fstat(fd, &info) == 0, info.st_size > 0, Int(info.st_size) + bytes > maxBytes else { return nil }
        guard rename(path, path + ".1") == 0 else {
            return "at --events-max, cannot rotate to \(path).1: \(String(cString: strerror(errno)))"
        }
        switch Self.open(path) {
        case .failure(let reason): return "at --events-max, cannot start a new file: \(reason)"
        case .success(let newFD): replace(with: newFD)
        }
        return nil
    }

    /// Writes one record, or queues it behind a slow reader; returns why it
    /// could not be written (a full disk, a FIFO whose reader went away, a
    /// reader so slow the queue is full), which `loss` keeps.
    /// A record of a kind past its rate (`RecordRateLimiter`) is counted
    /// rather than written, and is no loss: the count is written when its
    /// second is over (before `quit` at the latest).
    /// `utc`: the wall clock the caller read for this record, so a copy it
    /// sends elsewhere (`watch`) is the same line; nil reads the log's own.
    @discardableResult
    func write(_ record: EventRecord, at seconds: Double, utc: Double? = nil) -> String? {
        var failure: String?
        for summary in record == .quit ? limiter.flush() : limiter.due(at: seconds) {
            failure = writeLine(summary, at: seconds) ?? failure
        }
        guard limiter.admit(record.name, at: seconds) else {
            scheduleSummary(from: seconds)
            return failure
        }
        return writeLine(record, at: seconds, utc: utc) ?? failure
    }

    /// A timer for the next count, when one is unsaid and none is set.
    private func scheduleSummary(from seconds: Double) {
        guard summaryTimer == nil, let due = limiter.nextDue else { return }
        summaryTimer = loop.schedule(at: .now + .seconds(max(0, due - seconds))) { [weak self] in
            guard let self else { return }
            self.summaryTimer = nil
            for summary in self.limiter.due(at: due) {
                if let failure = self.writeLine(summary, at: due) { self.onLateLoss?(EventLog.notice(failure)) }
            }
            self.scheduleSummary(from: due)
        }
    }

    private func writeLine(_ record: EventRecord, at seconds: Double, utc: Double? = nil) -> String? {
        let line = Array((record.jsonLine(at: seconds, utc: utc ?? wallClock?()) + "\n").utf8)
        if let reason = makeRoom(for: line.count) {
            count(lost: 1, reason: reason, accepted: false)
            return reason
        }
        let reason: String
        switch writer.write(line) {
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
