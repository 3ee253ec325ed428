import Foundation
@testable import MarqueeApp

/// A temporary directory for one completion test: the generated script, a
/// few names to complete (``CompletionCases/files``), a home and XDG
/// folders so no shell writes to the real home, and what the shell printed.
/// Removed when the last reference goes.
final class CompletionSandbox {
    let root: URL
    /// Where file names are completed from: the shell's working directory.
    let files: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID().uuidString)")
        files = root.appendingPathComponent("files")
        let manager = FileManager.default
        try manager.createDirectory(at: files.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        for name in ["deck.json", "font.bdf"] {
            try Data().write(to: files.appendingPathComponent(name))
        }
        for folder in ["home", "config", "data", "cache", "runtime"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes `text` to `name` under the sandbox (creating folders) and
    /// returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The generated script for `shell`, written to `name`.
    func script(_ shell: String, as name: String) throws -> String {
        guard let text = CompletionScripts.text(for: shell) else {
            throw ShellFailure(description: "no completion script for \(shell)")
        }
        return try write(name, text)
    }

    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs `shell` (found on PATH) with `arguments` in ``files``, HOME and
    /// the XDG folders inside the sandbox, output into files (no pipe to
    /// fill), killed after `timeout` seconds.
    func run(_ shell: String, _ arguments: [String], timeout: Double = 60) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.locate(shell))
        process.arguments = arguments
        process.currentDirectoryURL = files
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": root.appendingPathComponent("home").path,
            "ZDOTDIR": root.appendingPathComponent("home").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_RUNTIME_DIR": root.appendingPathComponent("runtime").path,
            "TERM": "xterm",
            "LC_ALL": "C.UTF-8",
        ]
        let outputURL = root.appendingPathComponent("\(shell)-\(UUID().uuidString).out")
        let errorURL = root.appendingPathComponent("\(shell)-\(UUID().uuidString).err")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        defer {
            try? output.close()
            try? error.close()
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw ShellFailure(description: "\(shell) \(arguments.prefix(2).joined(separator: " ")) still running after \(Int(timeout)) s")
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
                      error: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "")
    }

    /// The shell's path on PATH. A missing shell fails the test:
    /// scripts/install-deps.sh installs all three.
    static func locate(_ shell: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(shell)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ShellFailure(description: "\(shell) is not on PATH; scripts/install-deps.sh (make deps) installs it for these tests")
    }
}

/// Why a shell could not be run, or printed something unexpected.
struct ShellFailure: Error, CustomStringConvertible {
    let description: String
}
