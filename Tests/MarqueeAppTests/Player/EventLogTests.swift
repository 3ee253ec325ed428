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

    /// A fresh path in the test's temp directory, removed (with its `.1`
    /// and `.old`) by `cleanUp`.
    static func temporaryPath(_ label: String) -> String {
        (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/ledmarquee-eventlog-\(label)-\(getpid()).jsonl"
    }

    static func cleanUp(_ path: String) {
        for name in [path, path + ".1", path + ".old"] { unlink(name) }
    }

    static func lines(_ path: String) -> [String] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { text += buffer[0..<count] }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    @Test("at --events-max the file becomes FILE.1 and a new one begins: neither passes the cap, no record lost")
    func rotation() throws {
        let path = Self.temporaryPath("rotate")
        Self.cleanUp(path)
        defer { Self.cleanUp(path) }
        let log = try EventLog(path: path, maxBytes: 4096)
        // 3 × 50 records of ~45 bytes a second, over 3 s: ~6.7 KB, no kind past its rate.
        var written = 0
        for index in 0..<150 {
            #expect(log.write(.key(name: "k\(index)"), at: Double(index) / 50) == nil)
            written += 1
            if index == 120 { #expect(Self.size(path + ".1") > 0, "rotated by the 120th record (~40 bytes each)") }
        }
        #expect(Self.size(path) <= 4096 && Self.size(path + ".1") <= 4096, "\(Self.size(path)) and \(Self.size(path + ".1")) bytes")
        let all = Self.lines(path + ".1") + Self.lines(path)
        #expect(all.count == written && log.loss == nil)
        #expect(all.last == #"{"t":2.980,"event":"key","name":"k149"}"#)
        // A second rotation replaces the first FILE.1.
        for index in 150..<300 { log.write(.key(name: "k\(index)"), at: 3 + Double(index - 150) / 50) }
        #expect(Self.lines(path + ".1").first.map { !$0.contains("\"k0\"") } == true, "the oldest file is gone")
        #expect(Self.size(path) <= 4096 && Self.size(path + ".1") <= 4096)
    }

    @Test("with a wall clock every record carries utc after t, the time it was written")
    func wallClock() throws {
        let path = Self.temporaryPath("utc")
        Self.cleanUp(path)
        defer { Self.cleanUp(path) }
        let log = try EventLog(path: path, wallClock: { 1_796_201_341.5 })
        log.write(.key(name: "a"), at: 0.25)
        log.write(.quit, at: 1)
        #expect(Self.lines(path) == [#"{"t":0.250,"utc":"2026-12-02T08:49:01.500Z","event":"key","name":"a"}"#,
                                     #"{"t":1.000,"utc":"2026-12-02T08:49:01.500Z","event":"quit"}"#])
    }

    @Test("reopen (SIGUSR1) after logrotate moved the file: the next records go to a new file at the path")
    func reopenAfterRename() throws {
        let path = Self.temporaryPath("reopen")
        Self.cleanUp(path)
        defer { Self.cleanUp(path) }
        let log = try EventLog(path: path, maxBytes: 0)
        log.write(.key(name: "a"), at: 0)
        #expect(rename(path, path + ".old") == 0)
        log.write(.key(name: "b"), at: 1)
        #expect(log.reopen() == nil)
        log.write(.key(name: "c"), at: 2)
        #expect(Self.lines(path + ".old").count == 2)
        #expect(Self.lines(path) == [#"{"t":2.000,"event":"key","name":"c"}"#])
        // A directory that is gone: said, and the old file kept.
        let gone = Self.temporaryPath("gone") + ".d"
        #expect(mkdir(gone, 0o700) == 0)
        let inGone = try EventLog(path: gone + "/events.jsonl", maxBytes: 0)
        unlink(gone + "/events.jsonl")
        rmdir(gone)
        #expect(inGone.reopen() == "\(gone)/events.jsonl: cannot reopen events log: No such file or directory")
        #expect(inGone.write(.quit, at: 3) == nil, "still writing to the old file")
    }

    @Test("a flood of one record kind: 100 written, the rest counted in one suppressed record before the next")
    func floodIsCounted() throws {
        let path = Self.temporaryPath("flood")
        Self.cleanUp(path)
        defer { Self.cleanUp(path) }
        let log = try EventLog(path: path)
        for index in 0..<10_000 { #expect(log.write(.error(message: "bad request"), at: 1 + Double(index) / 20_000) == nil) }
        #expect(Self.lines(path).count == RecordRateLimiter.recordsPerWindow)
        log.write(.cue(index: 0, count: 1, text: "A", automatic: true), at: 2.5)
        for index in 0..<300 { log.write(.error(message: "bad request"), at: 3 + Double(index) / 1_000) }
        log.write(.quit, at: 4)
        let lines = Self.lines(path)
        #expect(lines.count == 100 + 2 + 100 + 2, "\(lines.count) lines")
        #expect(lines[100] == #"{"t":2.500,"event":"suppressed","record":"error","count":9900,"seconds":1.000}"#)
        #expect(lines[101].contains(#""event":"cue""#))
        #expect(lines.suffix(2) == [#"{"t":4.000,"event":"suppressed","record":"error","count":200,"seconds":1.000}"#,
                                    #"{"t":4.000,"event":"quit"}"#], "the count comes before quit")
        #expect(log.loss == nil, "a counted record is not a lost one")
    }
}
