import Foundation
import Glibc

/// A broker that misbehaves on purpose, for the fleet link's faults
/// (docs/fleet.md, "Reconnecting"; issue 24 item 8): a few lines of Python
/// on 127.0.0.1 that speak just enough MQTT 3.1.1 (CONNACK, SUBACK,
/// PINGRESP, PUBACK) and then, by `mode`:
///
/// - `drop`: closes each connection 0.2 s after its SUBACK;
/// - `silent`: after the SUBACK answers nothing more, pings included;
/// - `slowSuback`: sends the SUBACK 3 s after the SUBSCRIBE, then behaves;
/// - `oversized`: after the SUBACK publishes a retained deck of 1 MiB + 1
///   bytes on `ledmarquee/deck`, then a small one, then behaves;
/// - `lateAcks`: after the SUBACK publishes 100 commands with request IDs
///   (`next`) on `ledmarquee/cmd`, acknowledges none of the sign's
///   messages for 2 s, then all of them; each answer the sign published
///   is a line `reply` in `acks`.
///
/// It speaks MQTT 3.1.1 only, as such a broker must: a CONNECT of another
/// version (the sign's MQTT 5) gets CONNACK 1, "unacceptable protocol
/// version", and the connection is closed (Mosquitto cannot be told to
/// refuse version 5; this is the fleet's MQTT 3.1.1 broker).
///
/// Each accepted connection is a line in `connections` (its monotonic time),
/// each CONNACK and SUBACK sent a line in `acks` (`connack`, `suback`), and
/// each CONNECT refused for its version one (`refused5` for MQTT 5). Everything is in a
/// directory named with this test process's pid; `close()` kills the
/// script, reaps it and removes the directory.
final class HostileBroker {
    enum Mode: String {
        case drop, silent, slowSuback, oversized, lateAcks
    }

    let directory: URL
    let port: Int
    private var pid: pid_t?

    var url: String { "mqtt://127.0.0.1:\(port)" }
    var connectionsPath: String { directory.appendingPathComponent("connections").path }
    var acksPath: String { directory.appendingPathComponent("acks").path }

    static let script = """
        import socket, sys, threading, time
        port, mode, connections, acks = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
        def note(path, text):
            with open(path, "a") as f:
                f.write("%.3f %s\\n" % (time.monotonic(), text))
        def exactly(c, n):
            data = b""
            while len(data) < n:
                chunk = c.recv(n - len(data))
                if not chunk:
                    raise EOFError
                data += chunk
            return data
        def packet(c):
            kind = exactly(c, 1)[0]
            length, shift = 0, 0
            while True:
                byte = exactly(c, 1)[0]
                length |= (byte & 127) << shift
                shift += 7
                if byte < 128:
                    break
            return kind, exactly(c, length)
        def varint(n):
            out = b""
            while True:
                byte, n = n & 127, n >> 7
                out += bytes([byte | (128 if n else 0)])
                if not n:
                    return out
        def publish(c, topic, payload):
            body = len(topic).to_bytes(2, "big") + topic + payload
            c.sendall(b"\\x31" + varint(len(body)) + body)
        def serve(c):
            held, lock, late = [], threading.Lock(), [True]
            def release():
                with lock:
                    late[0] = False
                    for ident in held:
                        c.sendall(b"\\x40\\x02" + ident)
            try:
                kind, body = packet(c)
                level = body[2 + (body[0] << 8 | body[1])]
                if level != 4:
                    c.sendall(b"\\x20\\x02\\x00\\x01")
                    note(acks, "refused%d" % level)
                    return
                c.sendall(b"\\x20\\x02\\x00\\x00")
                note(acks, "connack")
                while True:
                    kind, body = packet(c)
                    if kind >> 4 == 8:
                        count, at = 0, 2
                        while at < len(body):
                            at += 2 + (body[at] << 8 | body[at + 1]) + 1
                            count += 1
                        if mode == "slowSuback":
                            time.sleep(3)
                        c.sendall(bytes([0x90, 2 + count]) + body[:2] + b"\\x01" * count)
                        note(acks, "suback")
                        if mode == "drop":
                            time.sleep(0.2)
                            return
                        if mode == "silent":
                            while c.recv(4096):
                                pass
                            return
                        if mode == "oversized":
                            publish(c, b"ledmarquee/deck", b"x" * (1048576 + 1))
                            publish(c, b"ledmarquee/deck", b'["SMALL"]')
                        if mode == "lateAcks":
                            for n in range(100):
                                body = len(b"ledmarquee/cmd").to_bytes(2, "big") + b"ledmarquee/cmd" + b'{"id":"r%d","cmd":"next"}' % n
                                with lock:
                                    c.sendall(b"\\x30" + varint(len(body)) + body)
                            threading.Timer(2, release).start()
                    elif kind >> 4 == 12:
                        c.sendall(b"\\xd0\\x00")
                    elif kind >> 4 == 3 and (kind >> 1) & 3:
                        at = 2 + (body[0] << 8 | body[1])
                        if body[2:at].endswith(b"/reply"):
                            note(acks, "reply")
                        with lock:
                            if mode == "lateAcks" and late[0]:
                                held.append(body[at:at + 2])
                            else:
                                c.sendall(b"\\x40\\x02" + body[at:at + 2])
                    elif kind >> 4 == 14:
                        return
            except (EOFError, OSError):
                pass
            finally:
                c.close()
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", port))
        server.listen(16)
        note(acks, "listening")
        while True:
            client, _ = server.accept()
            note(connections, "accepted")
            threading.Thread(target=serve, args=(client,), daemon=True).start()
        """

    private init(directory: URL, port: Int) {
        self.directory = directory
        self.port = port
    }

    static func start(_ mode: Mode) async throws -> HostileBroker {
        let broker = HostileBroker(directory: try E2E.makeShortDirectory("hostile"), port: try TestBroker.freePort())
        do {
            let path = broker.directory.appendingPathComponent("broker.py")
            try writeFile(script, to: path)
            broker.pid = try spawnProgram(try E2E.which("python3"),
                                          [path.path, String(broker.port), mode.rawValue, broker.connectionsPath, broker.acksPath],
                                          environment: E2E.childEnvironment(), stdin: "/dev/null",
                                          stdout: broker.directory.appendingPathComponent("stdout").path,
                                          stderr: broker.directory.appendingPathComponent("stderr").path)
            try await waitFor("the hostile broker on port \(broker.port)", timeout: 10, context: broker.logs) {
                broker.times(broker.acksPath, "listening").isEmpty ? nil : true
            }
        } catch {
            broker.close()
            throw error
        }
        return broker
    }

    /// Monotonic times (seconds) of the lines in `path` that say `what`.
    func times(_ path: String, _ what: String) -> [Double] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.count == 2 && words[1] == what ? Double(words[0]) : nil
        }
    }

    var connections: [Double] { times(connectionsPath, "accepted") }

    func logs() -> String {
        ["connections", "acks", "stderr"].map { name in
            "\(name): " + ((try? String(contentsOfFile: directory.appendingPathComponent(name).path, encoding: .utf8)) ?? "(none)")
        }.joined(separator: "\n")
    }

    func close() {
        if let pid {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        pid = nil
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { close() }
}
