import Foundation
import Testing
import TestSupport

/// Shared plumbing of the end-to-end tests: where the binary is, running a
/// command without blocking the test's thread, and polling for a condition
/// with a deadline (never a fixed sleep that assumes a fast machine).
enum E2E {
    /// `$LEDMARQUEE_BIN`, else the `ledmarquee` built beside this test
    /// bundle (the test target depends on it, so `swift test` builds it).
    static func binaryPath() throws -> String {
        let fromEnvironment = ProcessInfo.processInfo.environment["LEDMARQUEE_BIN"] ?? ""
        let besideTests = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/")
            .deletingLastPathComponent().appendingPathComponent("ledmarquee").path
        let path = fromEnvironment.isEmpty ? besideTests : fromEnvironment
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw E2EFailure(
                "ledmarquee binary not found at \(path): run `swift build` first, or set LEDMARQUEE_BIN to the binary"
            )
        }
        return path
    }

    /// The full path of a program on `PATH`.
    static func which(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw E2EFailure("\(name) is not installed (needed by the end-to-end tests)")
    }

    /// A fresh, private temporary directory.
    static func makeTemporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ledmarquee-e2e-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A fresh private directory directly in /tmp, whatever TMPDIR is: a
    /// control socket's path must stay within 107 bytes.
    static func makeShortDirectory(_ label: String) throws -> URL {
        let url = URL(fileURLWithPath: "/tmp/ledmarquee-e2e-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        return url
    }

    /// A system bus address where no bus is.
    static let noSystemBus = "unix:path=/nonexistent-ledmarquee-e2e-bus"

    /// A word quoted for `sh`.
    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The environment for child processes: ours, minus what would change the
    /// program's look or confuse tmux, in a UTF-8 locale.
    static func childEnvironment(removing extra: [String] = []) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["TMUX", "TMUX_PANE", "NO_COLOR", "COLORTERM", "LEDMARQUEE_FRAME_TRACE", "LC_CTYPE"] + extra {
            environment.removeValue(forKey: key)
        }
        // tmux and the program must agree on UTF-8 whatever the CI locale is.
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        // The developer's own config file must not change what a test sees;
        // a test that wants one sets XDG_CONFIG_HOME itself.
        environment["XDG_CONFIG_HOME"] = "/nonexistent-ledmarquee-e2e-config"
        // Nor may a test reach the developer's running signs, or leave a
        // socket among them: a sign in a Session gets a runtime directory
        // of its own (`Session.runtimeDirectory`).
        environment["XDG_RUNTIME_DIR"] = "/nonexistent-ledmarquee-e2e-runtime"
        // Nor may the developer's power-profiles-daemon in Power Saver stop
        // every sign: no system bus, unless a test brings its own
        // (`PrivateSystemBus`, docs/testing.md).
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = E2E.noSystemBus
        // Nor may a fleet sign keep its deck in the developer's cache: a
        // fleet test gives it a directory of its own (docs/fleet.md).
        environment["XDG_CACHE_HOME"] = "/nonexistent-ledmarquee-e2e-cache"
        return environment
    }
}

struct E2EFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A monotonic stopwatch in seconds.
struct Stopwatch {
    private let start = ContinuousClock.now
    var elapsed: Double {
        let duration = ContinuousClock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Polls `probe` every 50 ms until it returns a value, or throws after
/// `timeout` seconds with `what` and `context()` in the message.
@discardableResult
func waitFor<T>(
    _ what: String, timeout: Double, context: () -> String = { "" }, _ probe: () async throws -> T?
) async throws -> T {
    let clock = Stopwatch()
    while true {
        if let value = try await probe() { return value }
        if clock.elapsed >= timeout {
            let extra = context()
            throw E2EFailure("timed out after \(timeout) s waiting for \(what)" + (extra.isEmpty ? "" : "\n" + extra))
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// Sleeps for real time; only used to prove that something does NOT change.
func pause(_ seconds: Double) async throws {
    try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
}

struct CommandResult {
    var status: Int32
    var stdoutData: Data
    var stderrData: Data
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
}

/// Starts a program with `posix_spawn`, its stdio on the given files, with
/// every signal unblocked and at its default action (`ChildProcess.spawn`).
func spawnProgram(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdin: String, stdout: String, stderr: String
) throws -> pid_t {
    do {
        return try ChildProcess.spawn(executable, arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr)
    } catch let failure as ChildProcessFailure {
        throw E2EFailure(failure.message)
    }
}

/// The exit status from a `waitpid` status word (128 + signal when killed).
func exitCode(fromWaitStatus status: Int32) -> Int32 {
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
}

/// Runs a program to completion without blocking a thread (polls `waitpid`),
/// its output going to files so a large output cannot fill a pipe.
func runCommand(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    stdinPath: String = "/dev/null", timeout: Double = 20
) async throws -> CommandResult {
    let scratch = try E2E.makeTemporaryDirectory("cmd")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outPath = scratch.appendingPathComponent("stdout").path
    let errPath = scratch.appendingPathComponent("stderr").path
    let pid = try spawnProgram(
        executable, arguments, environment: environment ?? E2E.childEnvironment(),
        stdin: stdinPath, stdout: outPath, stderr: errPath)
    let clock = Stopwatch()
    var status: Int32 = 0
    while true {
        let waited = waitpid(pid, &status, WNOHANG)
        if waited == pid { break }
        if waited < 0, errno != EINTR { throw E2EFailure("waitpid failed for \(executable)") }
        if clock.elapsed > timeout {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            throw E2EFailure("\(executable) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        try await Task.sleep(for: .milliseconds(5))
    }
    return CommandResult(
        status: exitCode(fromWaitStatus: status),
        stdoutData: FileManager.default.contents(atPath: outPath) ?? Data(),
        stderrData: FileManager.default.contents(atPath: errPath) ?? Data()
    )
}

/// Runs a short program synchronously (for cleanup in `defer`).
func runCommandSynchronously(_ executable: String, _ arguments: [String]) {
    guard let pid = try? spawnProgram(
        executable, arguments, environment: E2E.childEnvironment(),
        stdin: "/dev/null", stdout: "/dev/null", stderr: "/dev/null") else { return }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
}

/// `stty -a` output split into its settings.
struct SttySettings {
    let words: Set<String>
    init(_ text: String) {
        words = Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    }
    /// Cooked mode with echo, as a shell needs it.
    var isSane: Bool {
        words.contains("icanon") && words.contains("echo") && !words.contains("-icanon") && !words.contains("-echo")
    }
}

/// Writes `text` to `url` whole: into a file beside it, then renamed over it,
/// so the program never reads half a file. (Foundation's `atomically: true`
/// leaves an empty `TemporaryDirectory.*` in /tmp behind on every call.)
func writeFile(_ text: String, to url: URL) throws {
    let temporary = url.path + ".partial"
    try text.write(toFile: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary, url.path) == 0 else {
        unlink(temporary)
        throw E2EFailure("cannot rename \(temporary) to \(url.path)")
    }
}
