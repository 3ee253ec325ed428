import Foundation
import Testing

extension EndToEnd.Timing {
    /// What the world can do to a running sign: an events log that cannot
    /// be written, a terminal that hangs up, a closed standard input. Each
    /// must end in a true message and a non-zero status, or a prompt exit,
    /// never a silent loss or a spinning process (docs/events-log.md,
    /// docs/testing.md).
    @Suite("Faults")
    struct Faults {
        // MARK: the events log

        @Test("--events /dev/full: one line on stderr, exit 1, the terminal given back, no frame drawn")
        func eventsLogFullAtStart() async throws {
            let session = try await Session.start(
                "devfull", Launch(arguments: ["FULL TEST"], stderrToFile: true, events: "/dev/full"))
            defer { session.close() }
            let status = try await session.waitForExit(timeout: 10)
            #expect(status == 1)
            let lines = session.stderrText.split(separator: "\n")
            #expect(lines == ["ledmarquee: /dev/full: cannot write events log: No space left on device"], "stderr: \(lines)")
            try await session.expectTerminalRestored()
        }

        @Test("--events naming a FIFO nobody reads: an error at once, not a hang")
        func eventsLogFIFOWithoutReader() async throws {
            let launch = Launch(arguments: ["FIFO TEST"], stderrToFile: true, events: "events.fifo") { directory in
                guard mkfifo(directory.appendingPathComponent("events.fifo").path, 0o600) == 0 else {
                    throw E2EFailure("mkfifo: \(String(cString: strerror(errno)))")
                }
            }
            let session = try await Session.start("fifo-none", launch)
            defer { session.close() }
            let status = try await session.waitForExit(timeout: 5)
            #expect(status == 1)
            let lines = session.stderrText.split(separator: "\n")
            #expect(lines == ["ledmarquee: events.fifo: cannot open events log: a FIFO no process is reading"],
                    "stderr: \(lines)")
        }

        /// The reader's end of a FIFO, opened by the test itself.
        final class Reader: @unchecked Sendable {
            var fd: Int32 = -1

            /// Everything written so far (non-blocking).
            func drain() -> String {
                var data = Data()
                var buffer = [UInt8](repeating: 0, count: 4096)
                while fd >= 0 {
                    let count = read(fd, &buffer, buffer.count)
                    guard count > 0 else { break }
                    data.append(contentsOf: buffer[0..<count])
                }
                return String(decoding: data, as: UTF8.self)
            }

            func close() {
                if fd >= 0 { Glibc.close(fd) }
                fd = -1
                if writeEnd >= 0 { Glibc.close(writeEnd) }
                writeEnd = -1
            }

            /// A write end of the same FIFO, never written to: it only asks
            /// whether the pipe has room.
            var writeEnd: Int32 = -1

            /// Whether the pipe is full (less than PIPE_BUF free: poll says
            /// a write end is writable only with that much room).
            func isFull(path: String) -> Bool {
                if writeEnd < 0 { writeEnd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC) }
                var entry = pollfd(fd: writeEnd, events: Int16(POLLOUT), revents: 0)
                return writeEnd >= 0 && poll(&entry, 1, 0) == 0
            }

            deinit { close() }

            /// A sign logging to `events.fifo` in its directory, which this
            /// reader opens before the sign starts.
            func launch(message: String) -> Launch {
                Launch(arguments: ["--idle-timeout", "30", message], stderrToFile: true, events: "events.fifo") { directory in
                    let path = directory.appendingPathComponent("events.fifo").path
                    guard mkfifo(path, 0o600) == 0 else { throw E2EFailure("mkfifo: \(String(cString: strerror(errno)))") }
                    // Non-blocking: opening the reading end needs no writer yet.
                    self.fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                    guard self.fd >= 0 else { throw E2EFailure("open FIFO: \(String(cString: strerror(errno)))") }
                }
            }
        }

        @Test("a reader of the events log that stops reading never holds the sign; the records it did not take are counted")
        func eventsLogReaderStalls() async throws {
            let reader = Reader()
            let launch = reader.launch(message: "STALL TEST")
            let session = try await Session.start("fifo-stall", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            // The reader takes nothing from here on. Keys until the 64 KiB
            // the pipe holds are full, so a blocking write would stop the
            // sign here (it did, before the writer queued). The log writes
            // at most 100 records of a kind a second (docs/events-log.md,
            // "Repeated records"): key and pause records, about 10 KB a
            // second, fill it in 6 to 7 s (each key an even number of
            // times, so the sign ends as it began).
            let fifo = session.directory.appendingPathComponent("events.fifo").path
            try await waitFor("the events FIFO to fill", timeout: 30, context: session.diagnostics) { () async throws -> Bool? in
                try await session.send(keys: Array(repeating: "r", count: 20) + Array(repeating: "Space", count: 20))
                return reader.isFull(path: fifo) ? true : nil
            }
            // "Full" is less than a page free (poll's POLLOUT), which a few
            // records still fit in. The keys after it come in a window of
            // the rate limit of their own (1 s on), so their 100 key and
            // 100 pause records (about 12 KB) cannot all fit: some are lost
            // whatever the window the fill ended in (in one run they were
            // all counted as suppressed in the fill's window, and fit).
            try await pause(1.1)
            try await session.send(keys: Array(repeating: "r", count: 100) + Array(repeating: "Space", count: 100))
            try await session.send("?")
            try await session.waitForText("quit", timeout: 10)
            try await session.send("?")
            try await session.waitForMovement("the sign to keep scrolling") { $0.left > 0 }

            let quitAt = Date()
            try await session.send("q")
            let status = try await session.waitForExit(timeout: 10)
            let took = Date().timeIntervalSince(quitAt)
            #expect(status == 1, "records were lost: the run is not a success")
            #expect(took < 5, "the end waits about a second for the reader, not for ever: \(took) s")
            let lines = session.stderrText.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("ledmarquee: events.fifo: events log: ")
                        && lines[0].hasSuffix(" records not written: the reader stopped reading"), "stderr: \(lines)")
            try await session.expectTerminalRestored()
            reader.close()
        }

        @Test("the events log breaks while playing: a notice on the controls line, a line on stderr, exit 1")
        func eventsLogBreaksWhilePlaying() async throws {
            let reader = Reader()
            let launch = reader.launch(message: "PIPE TEST")
            let session = try await Session.start("fifo-gone", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let opening = reader.drain()
            #expect(opening.hasPrefix("{\"t\":"), "the log was written while it had a reader: \(opening)")
            #expect(opening.contains("\"event\":\"start\""))

            // The reader goes away: the next record fails with EPIPE (SIGPIPE
            // is ignored, or the sign would die with the terminal in sign mode).
            reader.close()
            try await session.send("x")
            let screen = try await session.waitForText("events log: Broken pipe", timeout: 5)
            #expect(screen.line(session.launch.rows - 1).contains("events log: Broken pipe"), "on the controls line:\n\(screen.text)")
            let pid = try await session.programPID()
            #expect(session.isProgramAlive(pid), "the sign keeps playing")
            try await session.waitForMovement("the sign to keep scrolling") { $0.left > 0 }

            try await session.send("q")
            let status = try await session.waitForExit(timeout: 5)
            #expect(status == 1, "records were lost: the run is not a success")
            let lines = session.stderrText.split(separator: "\n")
            // x and q's key records and the quit record.
            #expect(lines == ["ledmarquee: events.fifo: events log: 3 records not written: Broken pipe"], "stderr: \(lines)")
            try await session.expectTerminalRestored()
        }

        // MARK: the terminal hangs up

        enum Hangup: String, CaseIterable, CustomTestStringConvertible {
            /// The pane's shell dies of its SIGHUP; the kernel then sends
            /// SIGHUP to the program's process group.
            case signalled = "SIGHUP reaches the program"
            /// The shell keeps SIGHUP to itself (a trap): only the closed
            /// terminal (POLLHUP, EIO) tells the program.
            case shellTraps = "the parent shell traps SIGHUP"
            /// `sh -c 'trap "" HUP; exec ledmarquee …'`: the program starts
            /// with SIGHUP ignored, under a shell that traps it.
            case ignored = "started with SIGHUP ignored"
            var testDescription: String { rawValue }
        }

        @Test("tmux kill-session: the program is gone within a second, without spinning", arguments: Hangup.allCases)
        func hangupEndsProgram(hangup: Hangup) async throws {
            var launch = Launch(arguments: ["HANGUP TEST"])
            launch.shellTrapsHangup = hangup != .signalled
            launch.ignoreHangup = hangup == .ignored
            let session = try await Session.start("hup", launch)
            defer { session.close() }
            try await session.waitForLitLEDs(minimum: 5)
            let pid = try await session.programPID()
            let ticksBefore = Self.cpuTicks(pid)

            try await session.tmux(["kill-session", "-t", session.target])
            let clock = Stopwatch()
            var alive = true
            var ticksLast = ticksBefore
            while alive, clock.elapsed < 3 {
                if let ticks = Self.cpuTicks(pid) { ticksLast = ticks }
                try await pause(0.02)
                alive = session.isProgramAlive(pid)
            }
            let gone = clock.elapsed
            #expect(!alive, "ledmarquee (pid \(pid)) still running 3 s after its terminal was closed")
            #expect(gone < 1, "gone \(String(format: "%.2f", gone)) s after the hang-up, not within 1 s")
            // A spinning process would burn its whole second: 100 ticks.
            if let before = ticksBefore, let last = ticksLast {
                #expect(last - before < 30, "CPU ticks while going away: \(last - before)")
            }
            #expect(session.events().last?.name == "quit", "quit logged: \(session.events().suffix(3))")
        }

        /// utime + stime of a process, in clock ticks; nil once it is gone.
        static func cpuTicks(_ pid: pid_t) -> Int? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
            return user + system
        }

        // MARK: standard input

        @Test("-f - with standard input closed: 'standard input is closed', exit 1")
        func closedStandardInput() async throws {
            let binary = try E2E.binaryPath()
            for extra in [[], ["--snapshot"]] {
                let script = "exec \"$0\" \"$@\" -f - <&-"
                let result = try await runCommand("/bin/sh", ["-c", script, binary] + extra)
                #expect(result.status == 1)
                let lines = result.stderr.split(separator: "\n")
                #expect(lines == ["ledmarquee: standard input: cannot read cue file: it is closed"], "stderr: \(lines)")
                #expect(result.stdout.isEmpty)
            }
        }
    }
}
