import Foundation
import Glibc
import Testing

extension EndToEnd.Flows {
    /// `ledmarquee send` checks who listens before it says anything
    /// (docs/control.md, "Who may connect"; issue 24): another user who
    /// made the sign's directory first, or listens on its socket, gets no
    /// command and cannot forge a reply. The tests run as root, so
    /// "another user" is uid 65534 (nobody): a directory or socket chowned
    /// to it, and a listener that bound as root and then became it before
    /// `listen` (SO_PEERCRED records who listened).
    @Suite("Control socket trust")
    struct ControlTrust {
        static let other: UInt32 = 65_534

        /// A listener on PATH that logs what it is sent to LOG and answers
        /// every connection with a forged status; `drop` the uid it listens
        /// as (0: stays), `owner` the uid its socket file is given (0: stays).
        static let listener = """
        import os, socket, sys
        path, log, drop, owner = sys.argv[1], open(sys.argv[2], "ab", buffering=0), int(sys.argv[3]), int(sys.argv[4])
        s = socket.socket(socket.AF_UNIX)
        s.bind(path)
        if owner: os.chown(path, owner, owner)
        if drop:
            os.setgroups([]); os.setresgid(drop, drop, drop); os.setresuid(drop, drop, drop)
        s.listen(4)
        while True:
            c, _ = s.accept()
            log.write(c.recv(65536))
            c.sendall(b'{"ok":true,"index":0,"count":1,"text":"FORGED"}\\n')
            c.close()
        """

        /// Starts the listener and waits for its socket; returns its pid.
        static func listen(at path: String, log: String, drop: UInt32, owner: UInt32) async throws -> pid_t {
            let pid = try spawnProgram(try E2E.which("python3"), ["-c", listener, path, log, String(drop), String(owner)],
                                       environment: E2E.childEnvironment(), stdin: "/dev/null", stdout: "/dev/null", stderr: log + ".err")
            try await waitFor("the listener's socket", timeout: 10) { () -> Bool? in
                var info = stat()
                return lstat(path, &info) == 0 && (owner == 0 || info.st_uid == owner) ? true : nil
            }
            return pid
        }

        static func stop(_ pid: pid_t) {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }

        @Test("send refuses a listener of another uid, a socket of another uid and a directory of another uid, naming the path, exit 1, and sends nothing; the sign refuses that directory")
        func refusesOthers() async throws {
            let runtime = try E2E.makeShortDirectory("trust")
            defer { try? FileManager.default.removeItem(at: runtime) }
            let directory = runtime.appendingPathComponent("ledmarquee").path
            #expect(mkdir(directory, 0o700) == 0)
            let socket = directory + "/default.sock"
            let log = runtime.appendingPathComponent("heard").path
            var environment = E2E.childEnvironment()
            environment["XDG_RUNTIME_DIR"] = runtime.path
            let me = getuid()
            func send(_ arguments: [String]) async throws -> CommandResult {
                try await runCommand(try E2E.binaryPath(), ["send"] + arguments, environment: environment, timeout: 15)
            }
            func heard() -> String { String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self) }

            // Another uid listening in the sign's place, in our own directory.
            var pid = try await Self.listen(at: socket, log: log, drop: Self.other, owner: 0)
            var result = try await send(["say", "the vault code is 4711"])
            Self.stop(pid)
            #expect(result.status == 1 && result.stdout.isEmpty)
            #expect(result.stderr == "ledmarquee: \(socket): the process listening runs as uid 65534, not as you (\(me)); refusing to talk to it: another user may be listening in the sign's place\n")
            #expect(heard().isEmpty, "nothing was sent to it: \(heard())")
            unlink(socket)

            // A socket file of another uid.
            pid = try await Self.listen(at: socket, log: log, drop: 0, owner: Self.other)
            result = try await send(["status"])
            Self.stop(pid)
            #expect(result.status == 1 && result.stdout.isEmpty, "no forged status printed: \(result.stdout)")
            #expect(result.stderr == "ledmarquee: \(socket): owned by uid 65534, not by you (\(me)); refusing to talk to it: another user may be listening in the sign's place\n")
            #expect(heard().isEmpty, "nothing was sent to it: \(heard())")
            unlink(socket)

            // The sign's directory made by another uid (as in /tmp without XDG_RUNTIME_DIR).
            #expect(chown(directory, Self.other, Self.other) == 0)
            result = try await send(["status"])
            #expect(result.status == 1 && result.stdout.isEmpty)
            #expect(result.stderr == "ledmarquee: \(directory): owned by uid 65534, not by you (\(me)); refusing to talk to it: another user may be listening in the sign's place\n")
            let sign = try await runCommand(try E2E.binaryPath(), ["--headless", "--events", runtime.path + "/events", "HI"],
                                            environment: environment, timeout: 15)
            #expect(sign.status == 1)
            #expect(sign.stderr.hasPrefix("ledmarquee: \(directory): owned by uid 65534, not by you (\(me)); refusing to put the control socket there (another user may be waiting for this sign's commands)"),
                    "\(sign.stderr)")

            // Group or others may use it: refused too.
            #expect(chown(directory, me, getgid()) == 0 && chmod(directory, 0o755) == 0)
            result = try await send(["status"])
            #expect(result.status == 1)
            #expect(result.stderr == "ledmarquee: \(directory): group or others may use it (mode 755); it must be 0700\n")
        }

        @Test("send still reaches a sign of its own uid")
        func reachesOwnSign() async throws {
            let sign = try HeadlessSign.start("trust-own", arguments: ["HI"])
            defer { sign.close() }
            try await sign.waitForEvent("first cue") { $0.name == "cue" }
            let result = try await runCommand(try E2E.binaryPath(), ["send", "--control", sign.socketPath, "status"], timeout: 15)
            #expect(result.status == 0 && result.stdout.contains("\"text\":\"HI\""), "\(result.stderr)")
        }
    }
}
