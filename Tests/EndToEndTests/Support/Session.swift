import Foundation
import Testing

/// How to start ledmarquee inside the tmux pane.
struct Launch {
    /// Arguments after `--events FILE`.
    var arguments: [String]
    /// TERM for the program; nil unsets it.
    var term: String? = "tmux-256color"
    /// Run with `NO_COLOR=1` (else NO_COLOR is removed from the environment).
    var noColor = false
    /// A shell command whose output is piped into the program's stdin.
    var stdinCommand: String?
    /// Send the program's stderr to `<dir>/stderr` instead of the pane.
    var stderrToFile = false
    /// Extra environment for the program (SWIFT_BACKTRACE is otherwise unset,
    /// so the runtime's crash report settings are its defaults).
    var environment: [String: String] = [:]
    var columns = 100
    var rows = 30
    /// The `--events` argument, relative to the session directory (the
    /// program's working directory); nil: `events.jsonl`, which `events()`
    /// reads.
    var events: String?
    /// Whether the pane's shell traps SIGHUP (it does, to record the exit
    /// status); without the trap it dies of a hang-up, and the kernel then
    /// sends SIGHUP to the program too.
    var shellTrapsHangup = true
    /// Starts the program with SIGHUP ignored (`trap "" HUP` before `exec`).
    var ignoreHangup = false
    /// Runs the program as a child of a perl `waitpid`, which writes to
    /// `<dir>/signal` the signal it died of (0 for an exit): a shell's `$?`
    /// is 128 + N for both, so only this tells them apart. perl is
    /// Essential in Debian, so it is on every machine the tests run on.
    var recordsSignal = false
    /// Writes files into the session directory (the program's working
    /// directory, so arguments can name them relatively) before the start.
    var prepare: ((URL) throws -> Void)?
    /// Words run before the program, which then runs as their child:
    /// `["faketime", "2026-12-01 21:59:50"]` starts it at that wall-clock
    /// time (the schedule tests; the recorded pid is then the wrapper's).
    var wrapper: [String] = []
    /// The pane's shell waits for `Session.release()` before it starts the
    /// program, so a test can set tmux up first (`pipe-pane`, a second pane).
    var holdUntilReleased = false
}

/// One line of the `--events` log.
struct Event: CustomStringConvertible {
    let line: String
    let object: [String: Any]
    var t: Double { (object["t"] as? NSNumber)?.doubleValue ?? -1 }
    var name: String { object["event"] as? String ?? "" }
    func string(_ key: String) -> String? { object[key] as? String }
    func int(_ key: String) -> Int? { (object[key] as? NSNumber)?.intValue }
    func bool(_ key: String) -> Bool? { object[key] as? Bool }
    var description: String { line }

    var isAutomaticCue: Bool { name == "cue" && bool("automatic") == true }
    var isManualCue: Bool { name == "cue" && bool("automatic") == false }
}

/// A private tmux server running ledmarquee in a 100x30 (by default) pane,
/// with its own temp directory for the events log, exit status and `stty -a`
/// taken after the program ends. `close()` kills the server and removes its
/// socket file (tmux leaves it behind).
final class Session {
    let socket: String
    /// The server's socket file, asked of tmux once it runs.
    private var socketPath: String?
    let target = "e2e"
    let directory: URL
    /// The sign's `XDG_RUNTIME_DIR` (its control socket is
    /// `ledmarquee/default.sock` in it); removed by `close()`.
    let runtimeDirectory: URL
    let launch: Launch
    private let tmuxPath: String
    private(set) var lastScreen: Screen?
    private var closed = false
    private let clock = Stopwatch()

    /// Seconds since the session was started (about the program's `t`).
    func secondsSinceStart() -> Double { clock.elapsed }

    var eventsPath: String { directory.appendingPathComponent("events.jsonl").path }
    var pidPath: String { directory.appendingPathComponent("pid").path }
    var panelRows: Int { launch.rows - 2 }
    var columns: Int { launch.columns }

    private init(socket: String, directory: URL, runtimeDirectory: URL, launch: Launch, tmuxPath: String) {
        self.socket = socket
        self.directory = directory
        self.runtimeDirectory = runtimeDirectory
        self.launch = launch
        self.tmuxPath = tmuxPath
    }

    static func start(_ label: String, _ launch: Launch) async throws -> Session {
        let binary = try E2E.binaryPath()
        let tmuxPath = try E2E.which("tmux")
        let directory = try E2E.makeTemporaryDirectory(label)
        let runtimeDirectory: URL
        do {
            runtimeDirectory = try E2E.makeShortDirectory("run")
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let socket = "ledmq-e2e-\(label)-\(getpid())-\(UUID().uuidString.prefix(6))"
        let session = Session(socket: socket, directory: directory, runtimeDirectory: runtimeDirectory, launch: launch, tmuxPath: tmuxPath)
        do {
            try launch.prepare?(directory)
        } catch {
            session.close()
            throw error
        }
        let q = E2E.shellQuote
        var environment = ["env", "-u", "NO_COLOR", "-u", "COLORTERM", "-u", "LEDMARQUEE_FRAME_TRACE", "-u", "SWIFT_BACKTRACE"]
        if let term = launch.term { environment.append("TERM=\(q(term))") } else { environment += ["-u", "TERM"] }
        environment += ["LANG=C.UTF-8", "LC_ALL=C.UTF-8"]
        if launch.noColor { environment.append("NO_COLOR=1") }
        if launch.environment["XDG_RUNTIME_DIR"] == nil { environment.append("XDG_RUNTIME_DIR=\(q(runtimeDirectory.path))") }
        environment += launch.environment.sorted { $0.key < $1.key }.map { q("\($0.key)=\($0.value)") }
        // `sh -c 'echo $$ > pid; exec ...'` records the pid the program will have.
        let ignore = launch.ignoreHangup ? "trap '' HUP; " : ""
        var command = "sh -c " + q(ignore + "echo $$ > \"$0\"; exec \"$@\"") + " " + q(session.pidPath) + " "
        if launch.recordsSignal {
            let report = "system {$ARGV[0]} @ARGV; my $s = $?; open my $f, '>', 'signal' or die; print $f ($s & 127); close $f; "
                + "exit(($s & 127) ? 128 + ($s & 127) : $s >> 8)"
            command = "perl -e " + q(report) + " " + command
        }
        command += environment.joined(separator: " ") + launch.wrapper.map { " " + q($0) }.joined()
            + " " + q(binary) + " --events " + q(launch.events ?? session.eventsPath)
        command += launch.arguments.map { " " + q($0) }.joined()
        if launch.stderrToFile { command += " 2> " + q(directory.appendingPathComponent("stderr").path) }
        if let feeder = launch.stdinCommand { command = feeder + " | " + command }
        let dir = q(directory.path)
        let script = """
            echo $$ > \(dir)/shell-pid
            cd \(dir) || exit 1
            # Ctrl-C in the pane signals the whole foreground group: the shell
            # must survive it to record the exit status (a caught signal is
            # reset to the default in the child, an ignored one would not be).
            trap ':' INT \(launch.shellTrapsHangup ? "HUP " : "")TERM QUIT
            \(launch.holdUntilReleased ? "while [ ! -e \(dir)/release ]; do sleep 0.02; done" : "")
            echo e2e-before-marker
            \(command)
            st=$?
            stty -a > \(dir)/stty-after 2>&1
            echo "$st" > \(dir)/exit.tmp && mv \(dir)/exit.tmp \(dir)/exit
            exec sleep 300

            """
        let scriptURL = directory.appendingPathComponent("run.sh")
        try writeFile(script, to: scriptURL)
        let result = try await session.tmux([
            "new-session", "-d", "-s", session.target, "-x", String(launch.columns), "-y", String(launch.rows),
            "-e", "TERM=tmux-256color", "-e", "LANG=C.UTF-8",
            "sh " + q(scriptURL.path),
        ])
        guard result.status == 0 else {
            session.close()
            throw E2EFailure("tmux new-session failed (\(result.status)): \(result.stderr)")
        }
        let path = try await session.tmux(["display-message", "-p", "#{socket_path}"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // Only a file named for this server: never remove anything else.
        session.socketPath = URL(fileURLWithPath: path).lastPathComponent == socket ? path : nil
        return session
    }

    /// Kills the tmux server and every process of the pane (the wrapper
    /// shell leads the pane's process group; a program that outlives its
    /// terminal must not be left running), then removes the temp directory.
    func close() {
        guard !closed else { return }
        closed = true
        let malformed = malformedEventLines()
        if !malformed.isEmpty {
            Issue.record("events log has lines that are not JSON objects with t and event: \(malformed)")
        }
        let shell = readPID("shell-pid")
        let program = readPID("pid")
        runCommandSynchronously(tmuxPath, ["-f", "/dev/null", "-L", socket, "kill-server"])
        if let socketPath { unlink(socketPath) }
        if let shell, getpgid(shell) == shell || program.map({ getpgid($0) == shell }) == true {
            kill(-shell, SIGKILL)
        }
        try? FileManager.default.removeItem(at: directory)
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    private func readPID(_ name: String) -> pid_t? {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether the program process still exists (not yet reaped counts as gone
    /// once it is a zombie).
    func isProgramAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // The state follows the command name in parentheses.
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    deinit { close() }

    // MARK: tmux

    @discardableResult
    func tmux(_ arguments: [String]) async throws -> CommandResult {
        try await runCommand(tmuxPath, ["-f", "/dev/null", "-L", socket] + arguments, environment: E2E.childEnvironment())
    }

    /// The pane with colours; with `history`, the lines scrolled off its top too.
    func capture(history: Bool = false) async throws -> Screen {
        let result = try await tmux(["capture-pane", "-p", "-e", "-t", target] + (history ? ["-S", "-"] : []))
        guard result.status == 0 else { throw E2EFailure("capture-pane failed: \(result.stderr)") }
        let screen = Screen(ansi: result.stdout)
        lastScreen = screen
        return screen
    }

    /// Sends tmux key names (`Space`, `Escape`, `Right`, `C-c`, `q`, ...).
    func send(_ keys: String...) async throws {
        try await send(keys: keys)
    }

    func send(keys: [String]) async throws {
        let result = try await tmux(["send-keys", "-t", target] + keys)
        guard result.status == 0 else { throw E2EFailure("send-keys \(keys) failed: \(result.stderr)") }
    }

    func resize(columns: Int, rows: Int) async throws {
        let result = try await tmux(["resize-window", "-t", target, "-x", String(columns), "-y", String(rows)])
        guard result.status == 0 else { throw E2EFailure("resize-window failed: \(result.stderr)") }
    }

    /// Lets a `holdUntilReleased` launch start the program.
    func release() throws {
        try writeFile("", to: directory.appendingPathComponent("release"))
    }

    /// Appends everything the program writes to the pane (`target` or
    /// another pane) to `file` in the session directory, as it writes it:
    /// the raw bytes, escapes included, which a capture would have acted on.
    func pipeOutput(of pane: String? = nil, to file: String) async throws {
        let path = E2E.shellQuote(directory.appendingPathComponent(file).path)
        let result = try await tmux(["pipe-pane", "-o", "-t", pane ?? target, "cat >> \(path)"])
        guard result.status == 0 else { throw E2EFailure("pipe-pane failed: \(result.stderr)") }
    }

    /// The bytes `pipeOutput` collected so far.
    func pipedBytes(_ file: String) -> [UInt8] {
        FileManager.default.contents(atPath: directory.appendingPathComponent(file).path).map(Array.init) ?? []
    }

    /// A second pane, running `sleep`, beside the program's: its id and its
    /// terminal device, for `--tty`.
    func splitPane() async throws -> (pane: String, tty: String) {
        let result = try await tmux(["split-window", "-d", "-P", "-F", "#{pane_id} #{pane_tty}", "-t", target, "exec sleep 300"])
        let words = result.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard result.status == 0, words.count == 2 else { throw E2EFailure("split-window failed: \(result.stderr)") }
        return (words[0], words[1])
    }

    /// A pane's text.
    func capture(pane: String) async throws -> Screen {
        let result = try await tmux(["capture-pane", "-p", "-e", "-t", pane])
        guard result.status == 0 else { throw E2EFailure("capture-pane failed: \(result.stderr)") }
        return Screen(ansi: result.stdout)
    }

    /// A tmux format of the pane, e.g. `#{alternate_on}`.
    func format(_ format: String, pane: String? = nil) async throws -> String {
        let result = try await tmux(["display-message", "-p", "-t", pane ?? target, format])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: the program

    /// The ledmarquee process id (written by the wrapper just before `exec`).
    func programPID() async throws -> pid_t {
        try await waitFor("the ledmarquee process", timeout: 10, context: diagnostics) { () -> pid_t? in
            guard let pid = readPID("pid"),
                  let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                  name.trimmingCharacters(in: .whitespacesAndNewlines) == "ledmarquee" else { return nil }
            return pid
        }
    }

    /// The exit status once the program has ended (written by the wrapper script).
    var exitStatus: Int32? {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("exit"), encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The signal the program died of, 0 if it exited (with
    /// `Launch.recordsSignal`).
    func endedBySignal() throws -> Int32 {
        let text = try String(contentsOf: directory.appendingPathComponent("signal"), encoding: .utf8)
        guard let signal = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw E2EFailure("the signal file holds '\(text)'")
        }
        return signal
    }

    func waitForExit(timeout: Double = 10) async throws -> Int32 {
        try await waitFor("ledmarquee to exit", timeout: timeout, context: diagnostics) { exitStatus }
    }

    /// `stty -a` taken in the pane after the program ended.
    var sttyAfter: SttySettings? {
        (try? String(contentsOf: directory.appendingPathComponent("stty-after"), encoding: .utf8)).map(SttySettings.init)
    }

    var stderrText: String {
        (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    // MARK: events

    private var eventLines: [String] { EventLogFile.lines(at: eventsPath) }

    func events() -> [Event] { EventLogFile.events(at: eventsPath) }

    func events(_ name: String) -> [Event] { events().filter { $0.name == name } }

    private func malformedEventLines() -> [String] {
        eventLines.filter { line in
            guard let data = line.data(using: .utf8),
                  let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return true }
            return !(object["t"] is NSNumber) || !(object["event"] is String)
        }
    }

    /// Waits for the first event (after `after` events already seen) matching `predicate`.
    @discardableResult
    func waitForEvent(
        _ what: String, timeout: Double = 10, after skip: Int = 0, where predicate: @escaping (Event) -> Bool
    ) async throws -> Event {
        try await waitFor(what, timeout: timeout, context: diagnostics) { () -> Event? in
            events().dropFirst(skip).first(where: predicate)
        }
    }

    // MARK: screen helpers

    /// Waits until at least `minimum` lit LEDs are on screen (optionally some
    /// left of `leftOf`), and returns that capture.
    @discardableResult
    func waitForLitLEDs(minimum: Int = 10, leftOf column: Int? = nil, timeout: Double = 10) async throws -> Screen {
        try await waitFor("lit LEDs on screen", timeout: timeout, context: diagnostics) { () async throws -> Screen? in
            let screen = try await capture()
            let lit = screen.litLEDs(panelRows: panelRows)
            guard lit.count >= minimum else { return nil }
            if let column, !lit.contains(where: { $0.column < column }) { return nil }
            return screen
        }
    }

    /// Waits until at least `minimum` cells of the LED area hold `character`
    /// (any colour), and returns that capture.
    @discardableResult
    func waitForCells(of character: Character, minimum: Int = 20, timeout: Double = 10) async throws -> Screen {
        try await waitFor("\(minimum) \(character) on screen", timeout: timeout, context: diagnostics) { () async throws -> Screen? in
            let screen = try await capture()
            return screen.cells(of: character, panelRows: panelRows).count >= minimum ? screen : nil
        }
    }

    /// Waits for a `dots` panel whose unlit LEDs have their own glyph (no
    /// colour, or too few to shade one): expects a full grid of `●` lit and
    /// more `·` unlit, and returns both with their colours.
    func waitForDotGrid(sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> (lit: [(Spot, Int?)], unlit: [(Spot, Int?)], screen: Screen) {
        // The first frame is one large write: a capture may catch part of
        // it. Wait (up to the timeout) for the whole grid; one that never
        // comes whole fails there.
        let full = columns / 2 * panelRows
        let screen = try await waitFor("a full grid of ● and ·", timeout: 10, context: diagnostics) { () async throws -> Screen? in
            let screen = try await capture()
            let count = screen.cells(of: "●", panelRows: panelRows).count + screen.cells(of: "·", panelRows: panelRows).count
            return count == full && !screen.cells(of: "●", panelRows: panelRows).isEmpty ? screen : nil
        }
        let lit = screen.cells(of: "●", panelRows: panelRows)
        let unlit = screen.cells(of: "·", panelRows: panelRows)
        #expect(lit.count + unlit.count == full, "a full grid of ● and ·", sourceLocation: sourceLocation)
        #expect(unlit.count > lit.count, sourceLocation: sourceLocation)
        return (lit, unlit, screen)
    }

    @discardableResult
    func waitForText(_ text: String, timeout: Double = 10) async throws -> Screen {
        try await waitFor("'\(text)' on screen", timeout: timeout, context: diagnostics) { () async throws -> Screen? in
            let screen = try await capture()
            return screen.contains(text) ? screen : nil
        }
    }

    /// The last screen and the end of the events log, for failure messages.
    func diagnostics() -> String {
        let screen = lastScreen.map { "last screen:\n" + $0.sketch(panelRows: $0.rows.count) } ?? "no screen captured"
        let log = eventLines.suffix(20).joined(separator: "\n")
        let stderr = stderrText
        return screen + "\nevents (last 20):\n" + log + (stderr.isEmpty ? "" : "\nstderr: " + stderr)
    }
}

// MARK: motion checks shared by the tests

extension Session {
    /// Polls pairs of consecutive captures until the lit LEDs moved in a way
    /// `accept` likes (and the picture matched, so it is a move, not a change).
    @discardableResult
    func waitForMovement(_ what: String, timeout: Double = 5, accept: @escaping (Shift) -> Bool) async throws -> Shift {
        var previous = try await capture().litLEDs(panelRows: panelRows)
        return try await waitFor(what, timeout: timeout, context: diagnostics) { () async throws -> Shift? in
            let now = try await capture().litLEDs(panelRows: panelRows)
            defer { previous = now }
            let shift = Shift.best(from: previous, to: now, width: columns)
            return shift.score >= 0.8 && accept(shift) ? shift : nil
        }
    }

    /// Terminal columns per second the text moves, measured from captures
    /// (a rough figure: capture latency counts).
    func measureScrollRate() async throws -> Double {
        var samples: [Double] = []
        try await waitFor("three clean measurements of the scroll rate", timeout: 8, context: diagnostics) {
            () async throws -> Bool? in
            let clock = Stopwatch()
            let before = try await capture().litLEDs(panelRows: panelRows)
            try await pause(0.1)
            let after = try await capture().litLEDs(panelRows: panelRows)
            let shift = Shift.best(from: before, to: after, width: columns)
            if shift.score >= 0.8, shift.left > 0 { samples.append(Double(shift.left) / clock.elapsed) }
            return samples.count >= 3 ? true : nil
        }
        return samples.max() ?? 0
    }

    /// Two captures 400 ms apart have the same LED area; returns the first.
    /// (Waits 150 ms first so a frame being drawn when the stop happened lands.)
    @discardableResult
    func expectFrozen(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Screen {
        try await pause(0.15)
        let first = try await capture()
        try await pause(0.4)
        let second = try await capture()
        let same = first.top(panelRows) == second.top(panelRows)
        #expect(same,
                "the LEDs moved while they should be frozen:\n\(first.sketch(panelRows: panelRows))\n---\n\(second.sketch(panelRows: panelRows))",
                sourceLocation: sourceLocation)
        return first
    }

    /// After motion is allowed again the text moves on from where `frozen`
    /// showed it: the first different capture is `frozen` moved left by about
    /// what `rate` gives for the time since the resume, not by the time stopped.
    func expectResumedFromSamePlace(
        _ frozen: Screen, rate: Double, since clock: Stopwatch, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let frozenLit = frozen.litLEDs(panelRows: panelRows)
        let (moved, elapsed) = try await waitFor("the LEDs to move again", timeout: 8, context: diagnostics) {
            () async throws -> (Screen, Double)? in
            let now = try await capture()
            return now.top(panelRows) != frozen.top(panelRows) ? (now, clock.elapsed) : nil
        }
        let shift = Shift.best(from: frozenLit, to: moved.litLEDs(panelRows: panelRows), width: columns)
        let bound = rate * elapsed * 1.5 + 8
        #expect(shift.score >= 0.9 && shift.left > 0 && Double(shift.left) <= bound,
                "expected a small move left (at most \(Int(bound)) columns at \(Int(rate)) columns/s after \(String(format: "%.2f", elapsed)) s), got \(shift)",
                sourceLocation: sourceLocation)
    }
}
