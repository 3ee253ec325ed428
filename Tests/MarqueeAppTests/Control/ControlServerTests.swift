import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing
@testable import EventLoop
@testable import MarqueeApp

/// The control server on a private loop, with real sockets in a private
/// directory (docs/control.md): every limit is reached on purpose, and
/// nothing is left behind — no socket file, no directory, no descriptor
/// watched, no timer.
@Suite("Control server", .serialized)
struct ControlServerTests {
    init() { signal(SIGPIPE, SIG_IGN) }

    /// A server on a loop thread, answering `status` with `reply` and
    /// everything else `ok`.
    final class Fixture: Sendable {
        let scratch: ScratchDirectory
        let thread = ServerLoopThread()
        let server: ControlServer
        /// Requests the handler was given: what the sign executed.
        let handled = Counter()
        var path: String { server.path }

        init(limits: ControlServer.Limits = ControlServer.Limits(), reply: String = #"{"ok":true,"index":0}"#,
             admits: (@Sendable (UInt32) -> Bool)? = nil) throws {
            scratch = try ScratchDirectory()
            server = try ControlServer.open(ControlSocketPath(path: scratch.path + "/s.sock", directory: nil), name: "test",
                                            loop: thread.loop, limits: limits)
            if let admits { server.admits = admits }
            server.start { [handled] request in
                handled.value.add(1, ordering: .relaxed)
                return request.action == .status ? .object(reply) : request.action == .watch ? .watch : .ok
            }
        }

        /// Runs `body` on the loop's thread, where the server lives.
        func onLoop<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
            await withCheckedContinuation { continuation in
                thread.loop.schedule(at: .now) { continuation.resume(returning: body()) }
            }
        }

        /// Waits until `condition` holds on the loop, up to 5 s.
        func eventually(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
            for _ in 0..<500 {
                if await onLoop(condition) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return false
        }

        /// Closes `clients`, waits until the server has let them all go,
        /// then `finish`es.
        func close(_ clients: [TestClient]) async {
            clients.forEach { $0.close() }
            #expect(await eventually { self.server.connectionCount == 0 })
            await finish()
        }

        /// Closes the server and stops the loop; the socket file must go.
        func finish() async {
            await onLoop { self.server.close() }
            #expect(access(path, F_OK) != 0, "the socket file is removed")
            #expect(thread.loop.watchCount == 0 && thread.loop.timerCount == 0, "nothing is left on the loop")
            #expect(thread.finish() == 0)
        }
    }

    @Test("a client of the same uid is served: one reply line per request, in order")
    func serves() async throws {
        let fixture = try Fixture()
        var info = stat()
        #expect(stat(fixture.path, &info) == 0 && info.st_mode & 0o777 == 0o600, "the socket is 0600")
        let client = try TestClient(fixture.path)
        client.send("{\"cmd\":\"status\"}\n{\"cmd\":\"next\"}\r\n\n{\"cmd\":\"nope\"}\n{\"cmd\":\"status\"}")
        #expect(client.line() == #"{"ok":true,"index":0}"#)
        #expect(client.line() == #"{"ok":true}"#)
        #expect(client.line() == #"{"ok":false,"error":"unknown command 'nope'"}"#)
        client.shutdownWriting()
        #expect(client.line() == #"{"ok":true,"index":0}"#, "a last line without its newline is a request")
        #expect(client.closedByServer(), "then the server closes")
        #expect(await fixture.eventually { fixture.server.connectionCount == 0 })
        await fixture.finish()
    }

    @Test("a burst in one write is answered in full and in order, a few requests a turn")
    func burst() async throws {
        let fixture = try Fixture()
        let client = try TestClient(fixture.path)
        let count = ControlConnection.requestsPerTurn * 20 + 3
        client.send(String(repeating: "{\"cmd\":\"status\"}\n{\"cmd\":\"nope\"}\n", count: count / 2) + "{\"cmd\":\"status\"}\n")
        var lines: [String] = []
        while lines.count < count, let line = client.line() { lines.append(line) }
        #expect(lines.count == count)
        #expect(lines.enumerated().allSatisfy { index, line in
            line == (index % 2 == 0 ? #"{"ok":true,"index":0}"# : #"{"ok":false,"error":"unknown command 'nope'"}"#)
        }, "in the order asked")
        client.shutdownWriting()
        #expect(client.closedByServer(), "the end of the client's input still closes it once all is answered")
        await fixture.finish()
    }

    @Test("a peer whose uid is not admitted is told 'permission denied' and closed")
    func refusesOtherUsers() async throws {
        let fixture = try Fixture(admits: { _ in false })
        let client = try TestClient(fixture.path)
        #expect(client.line() == #"{"ok":false,"error":"permission denied"}"#)
        #expect(client.closedByServer())
        #expect(await fixture.onLoop { fixture.server.connectionCount } == 0)
        await fixture.finish()
    }

    @Test("a request over 64 KiB is refused and the connection closed; with or without a newline")
    func tooLarge() async throws {
        let fixture = try Fixture()
        for request in [String(repeating: "a", count: 70_000), String(repeating: "b", count: 1 << 20) + "\n"] {
            let client = try TestClient(fixture.path)
            client.send(request)
            #expect(client.line() == #"{"ok":false,"error":"request larger than 64 KiB"}"#)
            #expect(client.closedByServer())
        }
        let exact = try TestClient(fixture.path)
        exact.send("{\"cmd\":\"status\"}" + String(repeating: " ", count: 65_536 - 16) + "\n")
        #expect(exact.line() == #"{"ok":true,"index":0}"#, "a line of exactly 64 KiB is taken")
        exact.close()
        #expect(await fixture.eventually { fixture.server.connectionCount == 0 })
        await fixture.finish()
    }

    @Test("a client that says nothing is closed after the idle time; one that talks is not")
    func idle() async throws {
        var limits = ControlServer.Limits()
        // Idle time 1 s against a talker every 150 ms: a loaded machine's
        // late sleeps stay well inside it (0.3 s did not, once).
        limits.idleSeconds = 1
        let fixture = try Fixture(limits: limits)
        let silent = try TestClient(fixture.path)
        let talking = try TestClient(fixture.path)
        let watcher = try TestClient(fixture.path)
        watcher.send("{\"cmd\":\"watch\"}\n")
        #expect(watcher.line() == #"{"ok":true}"#)
        for _ in 0..<9 {
            try await Task.sleep(for: .milliseconds(150))
            talking.send("{\"cmd\":\"next\"}\n")
            #expect(talking.line() == #"{"ok":true}"#)
        }
        #expect(silent.closedByServer(), "closed by the server")
        #expect(await fixture.onLoop { fixture.server.connectionCount } == 2, "the talking and watching clients stay")
        await fixture.onLoop { fixture.server.broadcast(#"{"t":1.000,"event":"quit"}"#) }
        #expect(watcher.line() == #"{"t":1.000,"event":"quit"}"#, "a watcher gets the records")
        talking.close()
        watcher.close()
        #expect(await fixture.eventually { fixture.server.connectionCount == 0 })
        #expect(fixture.thread.loop.timerCount == 0, "no client, no timer: an idle sign is not woken")
        await fixture.finish()
    }

    @Test("a server let go without close, with a client still connected and its timers armed, closes it and does not trap")
    func releasedWithClients() async throws {
        let scratch = try ScratchDirectory()
        let thread = ServerLoopThread()
        let server = Mutex<ControlServer?>(try ControlServer.open(ControlSocketPath(path: scratch.path + "/s.sock", directory: nil),
                                                                 name: "test", loop: thread.loop, limits: ControlServer.Limits()))
        let path = scratch.path + "/s.sock"
        await withCheckedContinuation { continuation in
            thread.loop.schedule(at: .now) {
                server.withLock { $0?.start { _ in .ok } }
                continuation.resume()
            }
        }
        let client = try TestClient(path)
        client.send("{\"cmd\":\"next\"}\n")
        #expect(client.line() == #"{"ok":true}"#)
        // The last reference goes on the loop, the connection still open:
        // the server's deinit closes it (it once read the server's
        // unowned reference there, and trapped).
        await withCheckedContinuation { continuation in
            thread.loop.schedule(at: .now) {
                server.withLock { $0 = nil }
                continuation.resume()
            }
        }
        #expect(client.closedByServer())
        #expect(access(path, F_OK) != 0, "the socket file is removed")
        #expect(thread.finish() == 0)
    }

    @Test("a client that leaves mid-reply, or never reads, is dropped; the server goes on")
    func leavesMidReply() async throws {
        var limits = ControlServer.Limits()
        limits.replyBytes = 64 * 1024
        // One that never reads is held back, then closed after the idle time.
        limits.idleSeconds = 1
        let big = #"{"ok":true,"x":""# + String(repeating: "x", count: 100_000) + #""}"#
        let fixture = try Fixture(limits: limits, reply: big)
        let leaving = try TestClient(fixture.path)
        leaving.send(String(repeating: "{\"cmd\":\"status\"}\n", count: 50))
        try await Task.sleep(for: .milliseconds(50))
        leaving.close()
        let stalled = try TestClient(fixture.path)
        stalled.send(String(repeating: "{\"cmd\":\"status\"}\n", count: 50))
        #expect(await fixture.eventually { fixture.server.connectionCount == 0 }, "both are dropped")
        let fresh = try TestClient(fixture.path)
        fresh.send("{\"cmd\":\"next\"}\n")
        #expect(fresh.line() == #"{"ok":true}"#)
        fresh.close()
        stalled.close()
        #expect(await fixture.eventually { fixture.server.connectionCount == 0 })
        await fixture.finish()
    }

    @Test("1000 clients at once: 64 are served and 2 more in the spare slots, the others told why and closed")
    func manyClients() async throws {
        var limits = ControlServer.Limits()
        // The spare slots' clients stay until the test reads them all.
        limits.quickSeconds = 60
        let fixture = try Fixture(limits: limits)
        var clients: [TestClient] = []
        for _ in 0..<1000 {
            let client = try TestClient(fixture.path)
            client.send("{\"cmd\":\"next\"}\n")
            clients.append(client)
        }
        var served = 0
        var refused = 0
        for client in clients {
            switch client.line() {
            case #"{"ok":true}"#: served += 1
            case #"{"ok":false,"error":"too many connections (at most 64)"}"#:
                refused += 1
                #expect(client.closedByServer())
            case let other: Issue.record("unexpected reply \(String(describing: other))")
            }
        }
        #expect(served == 66 && refused == 934)
        #expect(await fixture.onLoop { fixture.server.connectionCount } == 66)
        clients.forEach { $0.close() }
        #expect(await fixture.eventually { fixture.server.connectionCount == 0 })
        await fixture.finish()
    }

    @Test("a stale socket is replaced; a live one refuses a second sign; a file that is not a socket is kept")
    func startUp() async throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/s.sock"
        let location = ControlSocketPath(path: path, directory: nil)
        // A socket bound and closed without unlink: what a killed sign leaves.
        let stale = UnixSocket.stream()
        #expect(UnixSocket.withAddress(path) { bind(stale, $0, $1) } == 0)
        close(stale)
        #expect(!UnixSocket.isListening(path))
        let thread = ServerLoopThread()
        let first = try ControlServer.open(location, name: "test", loop: thread.loop)
        #expect(UnixSocket.isListening(path), "the stale socket was replaced")
        #expect(throws: ControlServer.Failure(message: "test: a sign is already running on \(path)", taken: true)) {
            try ControlServer.open(location, name: "test", loop: thread.loop)
        }
        #expect(UnixSocket.isListening(path), "the refused second server left the first's socket alone")
        first.close()
        #expect(access(path, F_OK) != 0)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep".utf8)))
        #expect(throws: ControlServer.Failure(message: "\(path): exists and is not a socket; refusing to replace it")) {
            try ControlServer.open(location, name: "test", loop: thread.loop)
        }
        #expect((try? String(contentsOfFile: path, encoding: .utf8)) == "keep")
        #expect(thread.finish() == 0)
    }

    @Test("a named sign's directory is made 0700 and its socket removed at close")
    func namedDirectory() async throws {
        let scratch = try ScratchDirectory()
        let location = try ControlSocketPath.resolve(name: "lobby", control: nil, environment: ["XDG_RUNTIME_DIR": scratch.path], uid: getuid())
        let thread = ServerLoopThread()
        let server = try ControlServer.open(location, name: "lobby", loop: thread.loop)
        var info = stat()
        #expect(lstat(scratch.path + "/ledmarquee", &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(UnixSocket.isListening(scratch.path + "/ledmarquee/lobby.sock"))
        server.close()
        #expect(access(location.path, F_OK) != 0)
        #expect(thread.finish() == 0)
    }
}

/// A count shared between the loop's thread and the test.
final class Counter: Sendable {
    let value = Atomic<Int>(0)
    func load() -> Int { value.load(ordering: .relaxed) }
}

/// A blocking client socket with a 5 s read timeout, so a test fails
/// rather than hangs.
final class TestClient: @unchecked Sendable {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    init(_ path: String) throws {
        fd = UnixSocket.stream(blocking: true)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let code = UnixSocket.connect(fd, to: path)
        guard code == 0 else {
            Glibc.close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    deinit { close() }

    /// Writes what the socket takes (a server that closed takes no more).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            offset += count
        }
    }

    func shutdownWriting() { shutdown(fd, Int32(SHUT_WR)) }

    /// Whether the server closed the connection (end of file, with no more
    /// lines), as opposed to the read timing out.
    func closedByServer() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        let count = read(fd, &byte, 1)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// The next line, nil at end of file (or after the timeout).
    func line() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...newline) }
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }
}

/// An event loop running on a thread of its own, as the sign's runs on the
/// main thread.
final class ServerLoopThread: Sendable {
    let loop = EventLoop()
    private let status = Mutex<Int32?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in
            let result = loop.run()
            status.withLock { $0 = result }
            finished.signal()
        }
        thread.start()
    }

    func finish() -> Int32? {
        loop.stop(status: 0)
        _ = finished.wait(timeout: .now() + 10)
        return status.withLock { $0 }
    }
}
