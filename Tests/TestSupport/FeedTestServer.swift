import Foundation
import Glibc

/// The feed tests' own HTTP or HTTPS server (`Tests/Fixtures/feeds/
/// feed_server.py`, run with Debian's python3): on 127.0.0.1, on a port
/// the kernel picks, in a directory of its own named with this process's
/// pid that holds its request log, the state its changing feed reads and,
/// for HTTPS, a throw-away CA and certificate `openssl` makes.
/// `close()` kills and reaps it and removes the directory.
public final class FeedTestServer: @unchecked Sendable {
    public let directory: URL
    public private(set) var port = 0
    public let tls: Bool
    private var pid: pid_t = 0
    private var closed = false

    /// The CA certificate that signed the HTTPS server's (PEM).
    public var caPath: String { directory.appendingPathComponent("ca.pem").path }

    public init(tls: Bool = false) throws {
        self.tls = tls
        directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("ledmarquee-e2e-feeds-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            if tls { try makeCertificates() }
            try start()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// `http://127.0.0.1:PORT/PATH`, or `https://localhost:PORT/PATH` (the
    /// name the certificate was made for).
    public func url(_ path: String) -> String {
        tls ? "https://localhost:\(port)\(path)" : "http://127.0.0.1:\(port)\(path)"
    }

    /// One request the server received.
    public struct Request: Sendable {
        public let path: String
        /// Header names in lower case.
        public let headers: [String: String]
    }

    /// The requests so far, in order.
    public func requests() -> [Request] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("requests.jsonl"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let path = object["path"] as? String else { return nil }
            return Request(path: path, headers: object["headers"] as? [String: String] ?? [:])
        }
    }

    /// Sets the version `/changing` serves next.
    public func setVersion(_ version: Int) throws {
        try "\(version)\n".write(to: directory.appendingPathComponent("changing"), atomically: true, encoding: .utf8)
    }

    public func close() {
        guard !closed else { return }
        closed = true
        if pid > 0 {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private func start() throws {
        let script = FixturePaths.root.appendingPathComponent("feeds/feed_server.py").path
        var arguments = [script, "--dir", directory.path]
        if tls {
            arguments += ["--cert", directory.appendingPathComponent("server.pem").path,
                          "--key", directory.appendingPathComponent("server.key").path]
        }
        let output = directory.appendingPathComponent("port").path
        pid = try Self.spawn("/usr/bin/python3", arguments, stdout: output, stderr: directory.appendingPathComponent("stderr").path)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: output, encoding: .utf8), text.hasSuffix("\n"),
               let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                self.port = port
                return
            }
            usleep(20_000)
        }
        let stderr = (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
        throw FeedServerFailure(message: "the feed server did not start: \(stderr)")
    }

    private func makeCertificates() throws {
        let dir = directory.path
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: "\(dir)/san.cnf", atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=ledmarquee feed test CA",
             "-keyout", "\(dir)/ca.key", "-out", caPath],
            ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "\(dir)/server.key", "-out", "\(dir)/server.csr"],
            ["x509", "-req", "-in", "\(dir)/server.csr", "-CA", caPath, "-CAkey", "\(dir)/ca.key", "-CAcreateserial",
             "-days", "2", "-extfile", "\(dir)/san.cnf", "-out", "\(dir)/server.pem"],
        ]
        for step in steps {
            let child = try Self.spawn("/usr/bin/openssl", step, stdout: "\(dir)/openssl.out", stderr: "\(dir)/openssl.err")
            var status: Int32 = 0
            waitpid(child, &status, 0)
            guard status == 0 else {
                let stderr = (try? String(contentsOfFile: "\(dir)/openssl.err", encoding: .utf8)) ?? ""
                throw FeedServerFailure(message: "openssl \(step[0]): \(stderr)")
            }
        }
    }

    /// posix_spawn with no signal blocked (the test runner blocks some,
    /// which a child would inherit: docs/testing.md).
    private static func spawn(_ executable: String, _ arguments: [String], stdout: String, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
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
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard error == 0 else { throw FeedServerFailure(message: "cannot start \(executable): \(String(cString: strerror(error)))") }
        return pid
    }
}

/// Why the test server could not be started.
public struct FeedServerFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
