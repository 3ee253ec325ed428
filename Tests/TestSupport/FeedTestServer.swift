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
            if tls { try ChildProcess.makeTestCertificates(in: directory.path) }
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
        pid = try ChildProcess.spawn("/usr/bin/python3", arguments, environment: nil, stdin: "/dev/null", stdout: output,
                                     stderr: directory.appendingPathComponent("stderr").path)
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
        throw ChildProcessFailure(message: "the feed server did not start: \(stderr)")
    }
}
