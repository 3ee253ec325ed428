import Glibc
import MarqueeCore
import Testing
@testable import MarqueeApp

/// The events log never loses a record silently (docs/events-log.md).
@Suite("Events log")
struct EventLogTests {
    @Test("a log on /dev/full reports the first record as not written at all")
    func fullDeviceAtStart() throws {
        let log = try EventLog(path: "/dev/full")
        #expect(log.write(.quit, at: 0) == "No space left on device")
        #expect(log.loss?.records == 1)
        #expect(log.lossMessage == "/dev/full: cannot write events log: No space left on device")
        #expect(EventLog.notice("No space left on device") == "events log: No space left on device")
    }

    @Test("records lost after some were written are counted, with the last reason")
    func lossAfterWrites() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        signal(SIGPIPE, SIG_IGN)
        let path = "/proc/self/fd/\(fds[1])"
        let log = try EventLog(path: path)
        close(fds[1])
        #expect(log.write(.quit, at: 0) == nil)
        #expect(log.loss == nil && log.lossMessage == nil)
        close(fds[0])
        #expect(log.write(.quit, at: 1) == "Broken pipe")
        #expect(log.write(.quit, at: 2) == "Broken pipe")
        #expect(log.lossMessage == "\(path): events log: 2 records not written: Broken pipe")
    }

    @Test("a FIFO nobody reads is an error at open, not a wait")
    func fifoWithoutReader() throws {
        let path = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/ledmarquee-eventlog-test-\(getpid()).fifo"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: Platform.Failure.self) { try EventLog(path: path) }
    }
}
