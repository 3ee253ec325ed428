import Foundation
import Glibc

/// A `--headless` sign started as a plain process, not in tmux: under
/// `setsid`, so it has no controlling terminal, with standard input on
/// /dev/null and standard output and error on files (or all three closed),
/// its events log and control socket in a private directory named with
/// this test process's pid. `close()` kills it if it still runs, reaps it
/// and removes the directory.
final class HeadlessSign {
    let directory: URL
    let pid: pid_t
    private var status: Int32?
    private var closed = false

    var eventsPath: String { directory.appendingPathComponent("events.jsonl").path }
    var socketPath: String { directory.appendingPathComponent("control.sock").path }
    var stdoutPath: String { directory.appendingPathComponent("stdout").path }
    var stderrPath: String { directory.appendingPathComponent("stderr").path }

    /// `user`: the uid it runs as (setpriv), else the test's.
    /// `arguments` come after `--headless`, `--events` and, unless
    /// `control` is false, `--control` with the private socket. `cues` is
    /// written to `cues.txt` in the directory and given with `-f`. `closedStandardStreams` starts it with
    /// descriptors 0, 1 and 2 closed instead.
    /// `launcher` (a program and its arguments that ends by `exec`ing
    /// the rest, so the pid stays the sign's) goes in front of `setsid`.
    static func start(_ label: String, arguments: [String], cues: String? = nil, control: Bool = true,
                      closedStandardStreams: Bool = false, environment extra: [String: String] = [:],
                      launcher: [String] = [], user: UInt32? = nil) throws -> HeadlessSign {
        // Directly in /tmp: a control socket's path must stay within 107 bytes.
        let directory = try E2E.makeShortDirectory(label)
        do {
            let cueFile = directory.appendingPathComponent("cues.txt")
            if let cues { try Data(cues.utf8).write(to: cueFile) }
            let binary = try E2E.binaryPath()
            let setsid = try E2E.which("setsid")
            var words = [binary, "--headless", "--events", directory.appendingPathComponent("events.jsonl").path]
            if let user {
                // Another user (the tests run as root, whom no file mode
                // stops): the directory becomes theirs, and setpriv execs
                // the sign in place, so the pid is still the sign's.
                guard chown(directory.path, user, user) == 0 else { throw E2EFailure("chown \(directory.path): \(String(cString: strerror(errno)))") }
                words = [try E2E.which("setpriv"), "--reuid=\(user)", "--regid=\(user)", "--clear-groups"] + words
            }
            if control { words += ["--control", directory.appendingPathComponent("control.sock").path] }
            if cues != nil { words += ["-f", cueFile.path] }
            words += arguments
            // No TERM, as under a service manager: nothing may need one.
            let environment = E2E.childEnvironment(removing: ["TERM"]).merging(extra) { $1 }
            let pid: pid_t
            if closedStandardStreams {
                // `exec` all the way: the pid is the sign's.
                let command = "exec " + ([setsid] + words).map(E2E.shellQuote).joined(separator: " ") + " <&- >&- 2>&-"
                pid = try spawnProgram("/bin/sh", ["-c", command], environment: environment,
                                       stdin: "/dev/null", stdout: "/dev/null", stderr: "/dev/null")
            } else {
                // setsid execs the sign in place (a spawned child leads no
                // process group, so it need not fork): the pid is the sign's.
                let command = launcher + [setsid] + words
                pid = try spawnProgram(command[0], Array(command.dropFirst()), environment: environment, stdin: "/dev/null",
                                       stdout: directory.appendingPathComponent("stdout").path,
                                       stderr: directory.appendingPathComponent("stderr").path)
            }
            return HeadlessSign(directory: directory, pid: pid)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    private init(directory: URL, pid: pid_t) {
        self.directory = directory
        self.pid = pid
    }

    func events() -> [Event] { EventLogFile.events(at: eventsPath) }

    @discardableResult
    func waitForEvent(_ what: String, timeout: Double = 10, where predicate: @escaping (Event) -> Bool) async throws -> Event {
        try await waitFor(what, timeout: timeout, context: diagnostics) { events().first(where: predicate) }
    }

    /// The exit status once it ended (128 + N for a death by signal N).
    func waitForExit(timeout: Double = 10) async throws -> Int32 {
        try await waitFor("the headless sign to exit", timeout: timeout, context: diagnostics) { () -> Int32? in
            reap()
            return status.map(exitCode(fromWaitStatus:))
        }
    }

    /// Whether it died of `signal` (rather than exiting with 128 + N).
    var diedOf: Int32? { status.flatMap { $0 & 0x7F == 0 ? nil : $0 & 0x7F } }

    /// `/proc/PID/stat`'s session id and controlling terminal (fields 6, 7).
    func sessionAndTerminal() throws -> (session: Int32, tty: Int32) {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { throw E2EFailure("unreadable /proc/\(pid)/stat: \(stat)") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 4, let session = Int32(fields[3]), let tty = Int32(fields[4]) else {
            throw E2EFailure("unreadable /proc/\(pid)/stat: \(stat)")
        }
        return (session, tty)
    }

    /// What its descriptors name (`/proc/PID/fd`).
    func openFiles() -> [String] {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
    }

    /// The process's name, once setsid has exec'd it.
    var command: String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }

    func contents(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    func diagnostics() -> String {
        let log = EventLogFile.lines(at: eventsPath).suffix(8).joined(separator: "\n")
        return "events:\n\(log)\nstderr: \(String(decoding: contents(stderrPath), as: UTF8.self))"
    }

    private func reap() {
        guard status == nil else { return }
        var word: Int32 = 0
        if waitpid(pid, &word, WNOHANG) == pid { status = word }
    }

    func close() {
        guard !closed else { return }
        closed = true
        reap()
        if status == nil {
            kill(pid, SIGKILL)
            var word: Int32 = 0
            while waitpid(pid, &word, 0) < 0, errno == EINTR {}
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
