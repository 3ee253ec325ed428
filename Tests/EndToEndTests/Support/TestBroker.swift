import Foundation
import Glibc
import TestSupport

/// A real Mosquitto broker of the test's own (docs/testing.md): on
/// 127.0.0.1, on a port that was free a moment before, with a config file,
/// a persistence file and, when asked, a password file (made with
/// `mosquitto_passwd`) and a TLS listener whose throw-away CA and
/// certificate `openssl` makes here. Everything is in a directory named
/// with this test process's pid; `close()` kills the broker, reaps it and
/// removes the directory. `stop()` and `start()` take it away and bring it
/// back on the same port, with its retained messages.
final class TestBroker {
    let directory: URL
    let port: Int
    /// The user and password a sign must give, when the broker has them.
    let credentials: (user: String, password: String)?
    let tls: Bool
    private var pid: pid_t?
    private var closed = false

    /// `mqtt://127.0.0.1:PORT`, or `mqtts://localhost:PORT` (the name the
    /// certificate was made for).
    var url: String { tls ? "mqtts://localhost:\(port)" : "mqtt://127.0.0.1:\(port)" }
    var caPath: String { directory.appendingPathComponent("ca.pem").path }
    var logPath: String { directory.appendingPathComponent("broker.log").path }

    private init(directory: URL, port: Int, credentials: (String, String)?, tls: Bool) {
        self.directory = directory
        self.port = port
        self.credentials = credentials
        self.tls = tls
    }

    static func start(credentials: (user: String, password: String)? = nil, tls: Bool = false) async throws -> TestBroker {
        let broker = TestBroker(directory: try E2E.makeShortDirectory("broker"), port: try freePort(),
                                credentials: credentials, tls: tls)
        do {
            try await broker.configure()
            try await broker.start()
        } catch {
            broker.close()
            throw error
        }
        return broker
    }

    /// A port the kernel would give now (bound to port 0, then closed).
    static func freePort() throws -> Int {
        var port = 0
        let bound = withLoopbackSocket(port: 0) { fd, raw, length in
            var length = length
            guard bind(fd, raw, length) == 0, getsockname(fd, raw, &length) == 0 else { return false }
            port = Int(UInt16(bigEndian: raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }))
            return true
        }
        guard bound else { throw E2EFailure("cannot find a free port: \(errno)") }
        return port
    }

    /// A TCP socket and 127.0.0.1:`port` as a `sockaddr`, for `body`; the
    /// socket is closed after it.
    private static func withLoopbackSocket(port: Int, _ body: (Int32, UnsafeMutablePointer<sockaddr>, socklen_t) -> Bool) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    private func configure() async throws {
        var lines = [
            "listener \(port) \(tls ? "localhost" : "127.0.0.1")",
            "persistence true",
            "persistence_location \(directory.path)/",
            "log_dest file \(logPath)",
            "log_type all",
            // Run as root (a CI container), it would become `mosquitto`,
            // which may not read this directory.
            "user \(String(cString: getpwuid(getuid())!.pointee.pw_name))",
        ]
        if let credentials {
            let passwords = directory.appendingPathComponent("passwords").path
            _ = FileManager.default.createFile(atPath: passwords, contents: nil, attributes: [.posixPermissions: 0o600])
            let result = try await runCommand(try E2E.which("mosquitto_passwd"), ["-b", passwords, credentials.user, credentials.password])
            guard result.status == 0 else { throw E2EFailure("mosquitto_passwd: \(result.stderr)") }
            lines += ["allow_anonymous false", "password_file \(passwords)"]
        } else {
            lines.append("allow_anonymous true")
        }
        if tls {
            try await makeCertificates()
            lines += ["cafile \(caPath)", "certfile \(directory.path)/server.pem", "keyfile \(directory.path)/server.key"]
        }
        try writeFile(lines.joined(separator: "\n") + "\n", to: directory.appendingPathComponent("mosquitto.conf"))
    }

    /// A CA and a certificate it signed for `localhost` and 127.0.0.1.
    private func makeCertificates() async throws {
        do {
            try ChildProcess.makeTestCertificates(in: directory.path, openssl: try E2E.which("openssl"))
        } catch let failure as ChildProcessFailure {
            throw E2EFailure(failure.message)
        }
    }

    /// Starts the broker and waits until it accepts connections.
    func start() async throws {
        guard pid == nil else { return }
        pid = try spawnProgram(try E2E.which("mosquitto"), ["-c", directory.appendingPathComponent("mosquitto.conf").path],
                               environment: E2E.childEnvironment(), stdin: "/dev/null",
                               stdout: directory.appendingPathComponent("stdout").path,
                               stderr: directory.appendingPathComponent("stderr").path)
        try await waitFor("mosquitto on port \(port)", timeout: 10, context: logs) { acceptsConnections() ? true : nil }
    }

    /// Stops the broker as a service manager would (SIGTERM: it saves its
    /// retained messages) and reaps it.
    func stop() {
        guard let pid else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        self.pid = nil
    }

    func close() {
        guard !closed else { return }
        closed = true
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { close() }

    func logs() -> String {
        ["broker.log", "stderr"].map { name in
            "\(name): " + ((try? String(contentsOfFile: directory.appendingPathComponent(name).path, encoding: .utf8)) ?? "(none)")
        }.joined(separator: "\n")
    }

    private func acceptsConnections() -> Bool {
        Self.withLoopbackSocket(port: port) { fd, address, length in connect(fd, address, length) == 0 }
    }

    /// `ledmarquee send --mqtt URL …` against this broker.
    func send(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandResult {
        var words = ["send", "--mqtt", url]
        if tls { words += ["--mqtt-ca", caPath] }
        var childEnvironment = E2E.childEnvironment()
        if let credentials {
            childEnvironment["LEDMARQUEE_MQTT_USER"] = credentials.user
            childEnvironment["LEDMARQUEE_MQTT_PASSWORD"] = credentials.password
        }
        childEnvironment.merge(environment) { $1 }
        return try await runCommand(try E2E.binaryPath(), words + arguments, environment: childEnvironment)
    }
}
