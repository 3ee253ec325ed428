import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
    /// `send` prints the sign's reason when the sign refused the
    /// connection before the request was written (issue 26 item 5). The
    /// sign refuses a client beyond its slots as it accepts it: it writes
    /// `too many connections (at most 64)` and closes, and whether the
    /// client's write comes before the close is a race. A stand-in that
    /// does exactly that, at once, loses it often: before the fix, 4 of 20
    /// sends printed `cannot send: Broken pipe`.
    @Suite("send after a refusal")
    struct SendRefusal {
        static let server = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(sys.argv[1])
            s.listen(64)
            open(sys.argv[2], "w").close()
            while True:
                c, _ = s.accept()
                c.sendall(b'{"ok":false,"error":"too many connections (at most 64)"}\\n')
                c.close()
            """

        @Test("a sign that answers and closes at once: every send prints its reason, never 'Broken pipe'")
        func refusedAtAccept() async throws {
            let directory = try E2E.makeShortDirectory("refusal")
            defer { try? FileManager.default.removeItem(at: directory) }
            let script = directory.appendingPathComponent("server.py")
            try writeFile(Self.server, to: script)
            let socket = directory.appendingPathComponent("s.sock").path
            let ready = directory.appendingPathComponent("ready").path
            let server = try spawnProgram(try E2E.which("python3"), [script.path, socket, ready], environment: E2E.childEnvironment(),
                                          stdin: "/dev/null", stdout: directory.appendingPathComponent("out").path,
                                          stderr: directory.appendingPathComponent("err").path)
            defer { kill(server, SIGKILL); _ = waitpid(server, nil, 0) }
            try await waitFor("the stand-in to listen", timeout: 10) { access(ready, F_OK) == 0 ? true : nil }
            var said: [String: Int] = [:]
            for _ in 0..<40 {
                let result = try await Control.send(["--control", socket, "status"])
                said["\(result.status) \(result.stderr)", default: 0] += 1
            }
            #expect(said == ["1 ledmarquee: too many connections (at most 64)\n": 40], "\(said)")
        }
    }
}
