import Foundation
import Testing

/// Checks, once the whole end-to-end suite has run, that it left nothing
/// behind: no tmux server or socket file, no temporary directory and no
/// process of this test run (docs/testing.md). Every name the harness makes
/// carries this process's pid (`ledmq-e2e-LABEL-PID-…`,
/// `ledmarquee-e2e-LABEL-PID-…`), so runs side by side do not see each
/// other's.
struct LeavesNothingBehind: SuiteTrait, TestScoping {
    /// Once around the suite, not around each test in it.
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        try await function()
        // Killed processes are reaped by init a moment later: wait for
        // that, never for a fixed time.
        let deadline = Date().addingTimeInterval(5)
        var left = Leftovers.find()
        while !left.isEmpty, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            left = Leftovers.find()
        }
        if !left.isEmpty {
            Issue.record("the end-to-end tests left behind:\n\(left.description)")
        }
    }
}

extension Trait where Self == LeavesNothingBehind {
    /// The suite's run must leave no tmux server, socket, temp dir or process.
    static var leavesNothingBehind: Self { LeavesNothingBehind() }
}

/// What a run of the end-to-end tests may leave: found by its names.
struct Leftovers: CustomStringConvertible {
    var sockets: [String] = []
    var directories: [String] = []
    var processes: [String] = []

    var isEmpty: Bool { sockets.isEmpty && directories.isEmpty && processes.isEmpty }

    var description: String {
        (sockets.map { "socket \($0)" } + directories.map { "directory \($0)" } + processes.map { "process \($0)" })
            .joined(separator: "\n")
    }

    /// Whether a name is one the harness made in this test process.
    static func ours(_ name: String) -> Bool {
        (name.contains("ledmq-e2e-") || name.contains("ledmarquee-e2e-")) && name.contains("-\(getpid())-")
    }

    static func find() -> Leftovers {
        var found = Leftovers()
        let files = FileManager.default
        let uid = getuid()
        let tmuxRoot = (ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
            + "/tmux-\(uid)"
        found.sockets = ((try? files.contentsOfDirectory(atPath: tmuxRoot)) ?? []).filter(ours).map { "\(tmuxRoot)/\($0)" }
        // /tmp too: the signs' runtime directories are there whatever TMPDIR is.
        for temporary in Set([files.temporaryDirectory.standardizedFileURL.path, "/tmp"]) {
            found.directories += ((try? files.contentsOfDirectory(atPath: temporary)) ?? []).filter(ours)
                .map { "\(temporary)/\($0)" }
        }
        for entry in (try? files.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), pid != getpid(), !isZombie(pid) else { continue }
            let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")))
                .map { String(decoding: $0.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self) } ?? ""
            let workingDirectory = (try? files.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")) ?? ""
            if ours(commandLine) || ours(workingDirectory) {
                found.processes.append("\(pid): \(commandLine)")
            }
        }
        return found
    }

    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }
}
