import Foundation
import Glibc
import Testing
@testable import MarqueeApp

/// Two signs on one machine (docs/control.md, "Two signs on one machine";
/// issue 26 item 4): a sign given no name takes the next free one, and
/// `send` finds the signs that run.
@Suite("Sign names")
struct SignNamesTests {
    /// A socket bound and closed without unlink: what a killed sign leaves.
    static func stale(_ path: String) {
        let fd = UnixSocket.stream()
        _ = UnixSocket.withAddress(path) { bind(fd, $0, $1) }
        close(fd)
    }

    @Test("no --name: default, else default-2, default-3 while those are live; a stale default is taken back")
    func firstFree() throws {
        let scratch = try ScratchDirectory()
        let environment = ["XDG_RUNTIME_DIR": scratch.path]
        let thread = ServerLoopThread()
        let (first, firstName) = try ControlServer.openFirstFree(environment: environment, uid: getuid(), loop: thread.loop)
        let (second, secondName) = try ControlServer.openFirstFree(environment: environment, uid: getuid(), loop: thread.loop)
        let (third, thirdName) = try ControlServer.openFirstFree(environment: environment, uid: getuid(), loop: thread.loop)
        #expect([firstName, secondName, thirdName] == ["default", "default-2", "default-3"])
        #expect(second.path == scratch.path + "/ledmarquee/default-2.sock" && UnixSocket.isListening(second.path))
        // The first sign ends: the next one to start is `default` again.
        first.close()
        let (again, againName) = try ControlServer.openFirstFree(environment: environment, uid: getuid(), loop: thread.loop)
        #expect(againName == "default")
        // A stale socket is not a sign: replaced, as under any name.
        again.close()
        Self.stale(scratch.path + "/ledmarquee/default.sock")
        let (replaced, replacedName) = try ControlServer.openFirstFree(environment: environment, uid: getuid(), loop: thread.loop)
        #expect(replacedName == "default" && UnixSocket.isListening(replaced.path))
        #expect(ControlServer.renamedNotice("default-2")
                == "default is taken by another sign: this one is default-2 (ledmarquee send --name default-2)")
        for server in [second, third, replaced] { server.close() }
        #expect(thread.finish() == 0)
    }

    @Test("the signs running are the live sockets of the directory, in name order; stale sockets and other files are not")
    func running() throws {
        let scratch = try ScratchDirectory()
        let environment = ["XDG_RUNTIME_DIR": scratch.path]
        #expect(try RunningSigns.find(environment: environment, uid: getuid()).isEmpty, "no directory, no sign")
        let thread = ServerLoopThread()
        var servers: [ControlServer] = []
        for name in ["default-10", "lobby", "default", "default-2"] {
            let location = try ControlSocketPath.resolve(name: name, control: nil, environment: environment, uid: getuid())
            servers.append(try ControlServer.open(location, name: name, loop: thread.loop))
        }
        let directory = scratch.path + "/ledmarquee"
        Self.stale(directory + "/gone.sock")
        #expect(FileManager.default.createFile(atPath: directory + "/note.sock", contents: Data("x".utf8)))
        Self.stale(directory + "/.hidden.sock")
        let found = try RunningSigns.find(environment: environment, uid: getuid())
        #expect(found.map(\.name) == ["default", "default-2", "default-10", "lobby"])
        #expect(found.first?.path == directory + "/default.sock")
        #expect(RunningSigns.lines(Array(found.prefix(2))) == ["default    \(directory)/default.sock",
                                                              "default-2  \(directory)/default-2.sock"])
        for server in servers { server.close() }
        #expect(try RunningSigns.find(environment: environment, uid: getuid()).isEmpty)
        #expect(thread.finish() == 0)
    }

    @Test("a directory open to others is refused, as send refuses it before connecting")
    func untrustedDirectory() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.path + "/ledmarquee"
        #expect(mkdir(directory, 0o755) == 0 && chmod(directory, 0o755) == 0)
        #expect(throws: ControlSocketPath.Failure.self) {
            try RunningSigns.find(environment: ["XDG_RUNTIME_DIR": scratch.path], uid: getuid())
        }
    }

    @Test("send --list and send ls list the signs; with anything else they are a usage error")
    func listArguments() throws {
        #expect(try SendArguments.parse(["--list"], cwd: "/")?.command == SendArguments.listCommand)
        #expect(try SendArguments.parse(["ls"], cwd: "/")?.command == SendArguments.listCommand)
        let cases: [([String], String)] = [
            (["--list", "status"], "send: '--list' takes no command"),
            (["ls", "x"], "send: 'ls' takes no command"),
            (["--list", "--name", "a"], "send: '--list' finds the signs of this machine; it takes no --name, --control or --mqtt"),
            (["ls", "--static"], "send: 'ls' takes no --static"),
            (["--list=yes"], "send: '--list' takes no value"),
        ]
        for (words, message) in cases {
            #expect(throws: UsageError(message), "\(words)") { try SendArguments.parse(words, cwd: "/") }
        }
    }
}

/// `send` reads the sign's answer even when its write fails (issue 26
/// item 5): the sign refuses a client beyond its slots as it accepts it,
/// and closes, often before the request is written.
@Suite("send's exchange")
struct SendExchangeTests {
    /// A connected pair: the client's end, and the sign's.
    static func pair() -> (client: Int32, sign: Int32) {
        var fds: [Int32] = [0, 0]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fds[0], SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return (fds[0], fds[1])
    }

    @Test("the sign answered and closed before the request was written: its reason, not 'Broken pipe'")
    func refusedBeforeWrite() {
        let (client, sign) = Self.pair()
        defer { close(client) }
        let refusal = #"{"ok":false,"error":"too many connections (at most 64)"}"#
        #expect(Platform.writeAll(sign, refusal + "\n") == nil)
        close(sign)
        guard case .reply(let reply, _) = SendExchange.run(client, request: #"{"cmd":"status"}"#, path: "/s.sock", replySeconds: 5) else {
            Issue.record("no reply read after the failed write")
            return
        }
        #expect(reply == refusal)
    }

    @Test("no reply at all: the write's error, or that the sign closed without one")
    func noReply() {
        let (client, sign) = Self.pair()
        close(sign)
        guard case .failed(let message) = SendExchange.run(client, request: #"{"cmd":"status"}"#, path: "/s.sock", replySeconds: 5) else {
            Issue.record("a reply from nowhere")
            return
        }
        #expect(message == "/s.sock: cannot send: Broken pipe", "\(message)")
        close(client)
        let (open, other) = Self.pair()
        defer { close(open) }
        // The sign takes the request and closes without answering.
        let done = Thread {
            var byte: UInt8 = 0
            _ = read(other, &byte, 1)
            close(other)
        }
        done.start()
        guard case .failed(let closed) = SendExchange.run(open, request: #"{"cmd":"status"}"#, path: "/s.sock", replySeconds: 5) else {
            Issue.record("a reply from nowhere")
            return
        }
        #expect(closed == "/s.sock: the sign closed the connection without a reply")
    }

    @Test("a reply and what follows it (watch) are read as lines")
    func reply() {
        let (client, sign) = Self.pair()
        defer { close(client) }
        #expect(Platform.writeAll(sign, "{\"ok\":true}\n{\"event\":\"quit\"}\n") == nil)
        close(sign)
        guard case .reply(let reply, var rest) = SendExchange.run(client, request: #"{"cmd":"watch"}"#, path: "/s.sock", replySeconds: 5) else {
            Issue.record("no reply")
            return
        }
        #expect(reply == #"{"ok":true}"# && rest.next() == #"{"event":"quit"}"# && rest.next() == nil)
    }
}
