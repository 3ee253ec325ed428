import Foundation
import Glibc
import Synchronization
import Testing
@testable import EventLoop
@testable import MarqueeApp

/// A reply made later (a snapshot's, docs/control.md "Snapshots"): the
/// connection answers nothing after it until it comes, then goes on in
/// order; a client gone meanwhile costs nothing.
@Suite("Control server: a reply made later", .serialized)
struct PendingReplyTests {
    init() { signal(SIGPIPE, SIG_IGN) }

    /// A server whose `snapshot` is answered when the test says (`fulfil`), on the loop.
    final class Fixture: Sendable {
        let scratch: ScratchDirectory
        let thread = ServerLoopThread()
        let server: ControlServer
        let handled = Counter()
        /// The snapshot replies not yet made.
        let pending = Waiting()

        final class Waiting: Sendable {
            let replies = Mutex<[PendingReply]>([])
            var isEmpty: Bool { replies.withLock(\.isEmpty) }
        }

        init(idleSeconds: Double = ControlServer.Limits().idleSeconds) throws {
            scratch = try ScratchDirectory()
            var limits = ControlServer.Limits()
            limits.idleSeconds = idleSeconds
            server = try ControlServer.open(ControlSocketPath(path: scratch.path + "/s.sock", directory: nil), name: "test",
                                            loop: thread.loop, limits: limits)
            server.start { [handled, pending] request in
                handled.value.add(1, ordering: .relaxed)
                guard case .snapshot = request.action else { return .object(#"{"ok":true,"n":\#(handled.load())}"#) }
                let reply = PendingReply()
                pending.replies.withLock { $0.append(reply) }
                return .pending(reply)
            }
        }

        /// Waits until a snapshot request has reached the handler (up to
        /// 30 s of wall time: a loaded machine's test pool is slow to wake).
        func awaitSnapshot() async throws {
            let deadline = ContinuousClock.now + .seconds(30)
            while pending.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            try #require(!pending.isEmpty, "the snapshot reached the handler")
        }

        /// Makes the snapshot replies waiting, on the loop.
        func fulfil() {
            thread.loop.schedule(at: .now) { [pending] in
                let waiting = pending.replies.withLock { replies in
                    defer { replies = [] }
                    return replies
                }
                waiting.forEach { $0.fulfil(.object(#"{"ok":true,"png":"later"}"#)) }
            }
        }

        func finish() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                thread.loop.schedule(at: .now) {
                    self.server.close()
                    continuation.resume()
                }
            }
            #expect(thread.finish() == 0)
        }
    }

    @Test("requests after a pending one wait for it, then are answered in order")
    func inOrder() async throws {
        let fixture = try Fixture()
        let client = try TestClient(fixture.server.path)
        client.send("{\"cmd\":\"snapshot\"}\n{\"cmd\":\"status\"}\n")
        try await fixture.awaitSnapshot()
        try await Task.sleep(for: .milliseconds(200))
        #expect(fixture.handled.load() == 1, "the status waits behind the snapshot")
        fixture.fulfil()
        #expect(client.line() == #"{"ok":true,"png":"later"}"#)
        #expect(client.line() == #"{"ok":true,"n":2}"#)
        client.close()
        await fixture.finish()
    }

    @Test("a reply that takes longer than the idle time still reaches its client: the wait is the sign's, not the client's")
    func slowerThanIdle() async throws {
        let fixture = try Fixture(idleSeconds: 0.3)
        let client = try TestClient(fixture.server.path)
        client.send("{\"cmd\":\"snapshot\"}\n")
        try await fixture.awaitSnapshot()
        try await Task.sleep(for: .milliseconds(600))
        fixture.fulfil()
        #expect(client.line() == #"{"ok":true,"png":"later"}"#)
        client.close()
        await fixture.finish()
    }

    @Test("a client that leaves before its reply is made is let go; the reply goes nowhere")
    func clientGone() async throws {
        let fixture = try Fixture()
        let client = try TestClient(fixture.server.path)
        client.send("{\"cmd\":\"snapshot\"}\n")
        try await fixture.awaitSnapshot()
        client.close()
        try await Task.sleep(for: .milliseconds(100))
        fixture.fulfil()
        let other = try TestClient(fixture.server.path)
        other.send("{\"cmd\":\"status\"}\n")
        #expect(other.line() == #"{"ok":true,"n":2}"#)
        other.close()
        await fixture.finish()
    }

    @Test("a reply fulfilled before anyone waits is kept for the first to ask")
    func early() {
        let reply = PendingReply()
        reply.fulfil(.ok)
        reply.fulfil(.error("second"))
        var got: [ControlReply] = []
        reply.whenDone { got.append($0) }
        #expect(got == [.ok])
    }
}
