import Foundation
import Glibc
import Testing

extension EndToEnd.Timing {
    /// A visible sign flooded with `next` on its control socket (issue 24
    /// item 12; docs/architecture.md, "Frames"): frames drawn for inputs
    /// are coalesced to the frame clock, so the terminal is not the limit
    /// and a key, or another client's `status`, is served at once.
    @Suite("Input flood")
    struct Flood {
        /// Writes `next` as fast as the sign answers, reading the replies
        /// on a second thread, until killed.
        static let flooder = """
            import socket, sys, threading
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(sys.argv[1])
            def drain():
                while s.recv(65536):
                    pass
            threading.Thread(target=drain, daemon=True).start()
            line = b'{"cmd":"next"}\\n' * 64
            while True:
                s.sendall(line)
            """

        @Test("a flood of next on the control socket: a key is logged within 0.5 s, another client's status answered within 1.5 s")
        func keysDuringFlood() async throws {
            let session = try await Session.start(
                "flood", Launch(arguments: ["-s", "20", "-f", "cues.txt", "--control", "control.sock"], prepare: CueFlow.writeCues))
            defer { session.close() }
            try await session.waitForEvent("first cue") { $0.name == "cue" }
            let socket = session.directory.appendingPathComponent("control.sock").path
            let script = session.directory.appendingPathComponent("flood.py")
            try writeFile(Self.flooder, to: script)
            let flooder = try spawnProgram(try E2E.which("python3"), [script.path, socket], environment: E2E.childEnvironment(),
                                           stdin: "/dev/null", stdout: "/dev/null",
                                           stderr: session.directory.appendingPathComponent("flood.err").path)
            defer { kill(flooder, SIGKILL); _ = waitpid(flooder, nil, 0) }
            // The log grows by thousands of lines a second: read only what is new.
            let log = LogTail(path: session.eventsPath)
            // The flood is on once a few hundred moves are logged.
            try await waitFor("the flood", timeout: 20) { log.count("\"event\":\"cue\"") > 300 ? true : nil }
            var keyLatencies: [Double] = []
            for index in 0..<6 {
                let before = log.count("\"event\":\"key\"")
                let sent = monotonicSeconds()
                try await session.send(index % 2 == 0 ? "+" : "-")
                try await waitFor("the key logged", timeout: 10) { log.count("\"event\":\"key\"") > before ? true : nil }
                keyLatencies.append(monotonicSeconds() - sent)
            }
            var statusLatencies: [Double] = []
            for _ in 0..<4 {
                let asked = monotonicSeconds()
                let status = try await Control.send(["--control", socket, "status"])
                #expect(status.status == 0, "\(status.stderr)")
                statusLatencies.append(monotonicSeconds() - asked)
            }
            let moves = log.count("\"event\":\"cue\"")
            kill(flooder, SIGKILL)
            let shown = keyLatencies.map { String(format: "%.3f", $0) }, asked = statusLatencies.map { String(format: "%.3f", $0) }
            print("flood: \(moves) moves logged; key latency \(shown) s; status \(asked) s")
            #expect(keyLatencies.max()! < 0.5, "key latencies \(shown) s")
            #expect(statusLatencies.max()! < 1.5, "status latencies \(asked) s")
        }
    }
}

/// Counts lines of a growing log that contain a marker, reading only what
/// was added since the last look.
final class LogTail {
    let path: String
    private var offset: UInt64 = 0
    private var partial = Data()
    private var counts: [String: Int] = [:]
    private let markers = ["\"event\":\"cue\"", "\"event\":\"key\""]

    init(path: String) { self.path = path }

    func count(_ marker: String) -> Int {
        if let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            try? handle.seek(toOffset: offset)
            let data = handle.readDataToEndOfFile()
            offset += UInt64(data.count)
            partial += data
            if let end = partial.lastIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: partial[..<end], as: UTF8.self)
                partial = Data(partial[partial.index(after: end)...])
                for line in text.split(separator: "\n") {
                    for known in markers where line.contains(known) { counts[known, default: 0] += 1 }
                }
            }
        }
        return counts[marker, default: 0]
    }
}
