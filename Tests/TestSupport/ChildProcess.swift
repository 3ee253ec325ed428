import Foundation
import Glibc

/// Starting the tests' helper programs (tmux, mosquitto, openssl, the feed
/// server) the one way that works under the test runner.
public enum ChildProcess {
    /// Starts a program with `posix_spawn`, its stdio on the given files,
    /// with every signal unblocked and at its default action. (The test
    /// runner's worker threads block most signals, and a child inherits
    /// that mask: a tmux server started with Foundation's `Process`
    /// ignores `kill-server`.) `environment` nil: this process's.
    public static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]?,
                             stdin: String, stdout: String, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard error == 0 else { throw ChildProcessFailure(message: "cannot start \(executable): \(String(cString: strerror(error)))") }
        return pid
    }

    /// Runs a program to its end; its exit status (128 + N when killed by signal N).
    public static func run(_ executable: String, _ arguments: [String], stdout: String, stderr: String) throws -> Int32 {
        let pid = try spawn(executable, arguments, environment: nil, stdin: "/dev/null", stdout: stdout, stderr: stderr)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// A throw-away CA (`ca.pem`, `ca.key`) and a certificate it signed
    /// for `localhost` and 127.0.0.1 (`server.pem`, `server.key`), made by
    /// `openssl` in `directory`, for the tests' TLS servers.
    public static func makeTestCertificates(in directory: String, openssl: String = "/usr/bin/openssl") throws {
        let ca = "\(directory)/ca.pem"
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: "\(directory)/san.cnf", atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=ledmarquee test CA",
             "-keyout", "\(directory)/ca.key", "-out", ca],
            ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "\(directory)/server.key",
             "-out", "\(directory)/server.csr"],
            ["x509", "-req", "-in", "\(directory)/server.csr", "-CA", ca, "-CAkey", "\(directory)/ca.key", "-CAcreateserial",
             "-days", "2", "-extfile", "\(directory)/san.cnf", "-out", "\(directory)/server.pem"],
        ]
        for step in steps {
            let status = try run(openssl, step, stdout: "\(directory)/openssl.out", stderr: "\(directory)/openssl.err")
            guard status == 0 else {
                let stderr = (try? String(contentsOfFile: "\(directory)/openssl.err", encoding: .utf8)) ?? ""
                throw ChildProcessFailure(message: "openssl \(step[0]): \(stderr)")
            }
        }
    }
}

/// Why a helper program could not be started or did not succeed.
public struct ChildProcessFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
