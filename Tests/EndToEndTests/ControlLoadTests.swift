import Foundation
import Glibc
import Testing

extension EndToEnd.Timing {
    /// The control socket of the real binary under clients that misbehave
    /// (docs/control.md, "Limits"; issue 24 items 10 and 11), driven by a
    /// few lines of Python: a client that writes thousands of requests
    /// before reading; 64 clients that trickle a byte at a time; 64
    /// watchers. A plain `ledmarquee send` is answered through all of them.
    @Suite("Control socket under load")
    struct ControlLoad {
        static let script = """
            import json, select, socket, sys, threading, time
            mode, path = sys.argv[1], sys.argv[2]
            def connect():
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(path)
                return s
            if mode == "backpressure":
                count = int(sys.argv[3])
                s = connect()
                sent = [0]
                def write():
                    try:
                        for i in range(count // 2):
                            s.sendall(b'{"cmd":"add","text":"A"}\\n{"cmd":"status"}\\n')
                            sent[0] += 2
                    except OSError:
                        pass
                writer = threading.Thread(target=write)
                writer.start()
                last = -1
                while sent[0] < count and sent[0] != last:
                    last = sent[0]
                    time.sleep(0.5)
                stalled = sent[0] < count
                data = b""
                # Waited for with select, not s.settimeout: a timeout makes
                # the descriptor non-blocking under the writer thread's
                # sendall, which can then fail with EAGAIN and stop writing
                # (sent stuck where it stalled, on a loaded machine).
                try:
                    while data.count(b"\\n") < count:
                        if not select.select([s], [], [], 10)[0]:
                            break
                        chunk = s.recv(65536)
                        if not chunk:
                            break
                        data += chunk
                except OSError:
                    pass
                lines = data.split(b"\\n")[:-1]
                writer.join(10)
                print(json.dumps({"sent": sent[0], "replies": len(lines), "ok": lines.count(b'{"ok":true}'), "stalled": stalled}))
            else:
                # Hold the slots for ever: trickling a byte a second, or
                # watching, or ("busy": all 66, the 2 spare ones too) asking
                # for the status three times a second and reading each
                # reply, so that none is ever closed and no watcher gives
                # way. A client that is closed comes straight back.
                def hold():
                    while True:
                        try:
                            s = connect()
                            if mode == "watch":
                                s.sendall(b'{"cmd":"watch"}\\n')
                                while s.recv(65536):
                                    pass
                            elif mode == "busy":
                                f = s.makefile("rb")
                                while True:
                                    s.sendall(b'{"cmd":"status"}\\n')
                                    if not f.readline():
                                        break
                                    time.sleep(0.3)
                            else:
                                while True:
                                    s.sendall(b" ")
                                    time.sleep(1)
                        except OSError:
                            time.sleep(0.05)
                for _ in range(66 if mode == "busy" else 64):
                    threading.Thread(target=hold, daemon=True).start()
                while True:
                    time.sleep(1)
            """

        static func scriptPath(_ directory: URL) throws -> String {
            let path = directory.appendingPathComponent("client.py")
            try writeFile(script, to: path)
            return path.path
        }

        static func status(_ sign: HeadlessSign) async throws -> [String: Any]? {
            let result = try await Control.send(["--control", sign.socketPath, "status"])
            return result.status == 0 ? Control.jsonObject(result.stdout.trimmingCharacters(in: .newlines)) : nil
        }

        /// Sockets the sign holds open.
        static func sockets(_ sign: HeadlessSign) -> Int {
            sign.openFiles().filter { $0.hasPrefix("socket:") }.count
        }

        @Test("a client that writes 4,000 requests (add, status, add, …) before reading: held back, and every add done is answered")
        func backPressure() async throws {
            let sign = try HeadlessSign.start("control-pressure", arguments: ["-s", "20", "HELLO"])
            defer { sign.close() }
            try await sign.waitForEvent("first cue") { $0.name == "cue" }
            let script = try Self.scriptPath(sign.directory)
            // Before back-pressure, the replies waiting passed 256 KiB (the
            // statuses are about 300 bytes) and the client was dropped
            // with adds done and never answered.
            let count = 4_000
            let result = try await runCommand(try E2E.which("python3"), [script, "backpressure", sign.socketPath, String(count)],
                                              timeout: 120)
            let report = try #require(Control.jsonObject(result.stdout.trimmingCharacters(in: .newlines)), "\(result.stdout) \(result.stderr)")
            let replies = (report["replies"] as? NSNumber)?.intValue ?? -1
            let ok = (report["ok"] as? NSNumber)?.intValue ?? -1
            #expect(report["stalled"] as? Bool == true, "the writer was held back while it did not read: \(report)")
            #expect(replies == count, "every request answered: \(report)")
            let after = try #require(try await Self.status(sign))
            let cues = (after["count"] as? NSNumber)?.intValue ?? -1
            #expect(cues == 1 + ok, "the adds done are the adds answered ok: \(cues) cues, \(report)")
        }

        @Test("every slot, the spare ones too, held by busy clients: send prints the sign's reason, never 'Broken pipe'")
        func allSlotsBusy() async throws {
            let sign = try HeadlessSign.start("control-busy", arguments: ["-s", "20", "HELLO"])
            defer { sign.close() }
            try await sign.waitForEvent("first cue") { $0.name == "cue" }
            let script = try Self.scriptPath(sign.directory)
            let own = Self.sockets(sign)
            let holder = try spawnProgram(try E2E.which("python3"), [script, "busy", sign.socketPath],
                                          environment: E2E.childEnvironment(), stdin: "/dev/null",
                                          stdout: sign.directory.appendingPathComponent("busy.out").path,
                                          stderr: sign.directory.appendingPathComponent("busy.err").path)
            defer { kill(holder, SIGKILL); _ = waitpid(holder, nil, 0) }
            let errors = sign.directory.appendingPathComponent("busy.err").path
            try await waitFor("66 busy clients connected", timeout: 15, context: {
                "\(Self.sockets(sign)) sockets, \(own) before; " + ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "") + sign.diagnostics()
            }) {
                Self.sockets(sign) >= own + 66 ? true : nil
            }
            // The sign writes its refusal as it accepts, and closes: a send
            // that writes after that used to print "cannot send: Broken pipe".
            var said: [String: Int] = [:]
            for _ in 0..<20 {
                let result = try await Control.send(["--control", sign.socketPath, "status"])
                said["\(result.status) \(result.stderr)", default: 0] += 1
            }
            #expect(said == ["1 ledmarquee: too many connections (at most 64)\n": 20], "\(said)")
        }

        @Test("64 clients trickling a byte a second, then 64 watchers: send status is answered every time")
        func slotsHeld() async throws {
            let sign = try HeadlessSign.start("control-slots", arguments: ["-s", "20", "HELLO"])
            defer { sign.close() }
            try await sign.waitForEvent("first cue") { $0.name == "cue" }
            let script = try Self.scriptPath(sign.directory)
            // The listening socket and the sign's own (uevents, the bus).
            let own = Self.sockets(sign)
            for mode in ["trickle", "watch"] {
                let holder = try spawnProgram(try E2E.which("python3"), [script, mode, sign.socketPath],
                                              environment: E2E.childEnvironment(), stdin: "/dev/null",
                                              stdout: sign.directory.appendingPathComponent("\(mode).out").path,
                                              stderr: sign.directory.appendingPathComponent("\(mode).err").path)
                defer { kill(holder, SIGKILL); _ = waitpid(holder, nil, 0) }
                try await waitFor("64 \(mode) clients connected", timeout: 15, context: sign.diagnostics) {
                    Self.sockets(sign) >= own + 64 ? true : nil
                }
                var answered = 0
                var refusals: [String] = []
                for _ in 0..<12 {
                    let result = try await Control.send(["--control", sign.socketPath, "status"])
                    if result.status == 0 { answered += 1 } else { refusals.append(result.stderr) }
                }
                #expect(answered == 12, "\(mode): \(answered) of 12 answered; \(Set(refusals))")
                kill(holder, SIGKILL)
                try await waitFor("the held clients gone", timeout: 15, context: sign.diagnostics) {
                    Self.sockets(sign) <= own ? true : nil
                }
            }
        }
    }
}
