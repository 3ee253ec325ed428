import Foundation
import Glibc
import Synchronization
import Testing
@testable import EventLoop
@testable import MarqueeApp

extension ControlServerTests {
    /// The control server under load (docs/control.md, "Limits"; issue 24,
    /// items 10 and 11): a client that writes and does not read is held back,
    /// never answered into the void; slow and silent clients cannot hold every
    /// slot; watchers give way to commands. Nested in the serialized suite:
    /// opening a server sets the process's umask for a moment, which a
    /// directory made by a test running beside it would take.
    @Suite("under load")
    struct Load {
        typealias Fixture = ControlServerTests.Fixture

        init() { signal(SIGPIPE, SIG_IGN) }

        static let next = "{\"cmd\":\"next\"}\n"

        @Test("a client that writes thousands of requests before reading: every one executed is answered, and the writer is held back")
        func backPressure() async throws {
            var limits = ControlServer.Limits()
            // Small, so that the fault (replies queued past it, the client
            // dropped with requests executed and never answered) shows quickly.
            limits.replyBytes = 8 * 1024
            let fixture = try Fixture(limits: limits)
            let client = try TestClient(fixture.path)
            let count = 5_000
            let written = Counter()
            let writer = Thread { [client] in
                for _ in 0..<count {
                    client.send(Self.next)
                    written.value.add(1, ordering: .relaxed)
                }
            }
            writer.start()
            // The client reads nothing until its writes stall (the server has
            // stopped reading) or all are written.
            var last = -1
            while true {
                try await Task.sleep(for: .milliseconds(300))
                let now = written.load()
                if now == count || now == last { break }
                last = now
            }
            let stalled = written.load() < count
            let executedBeforeReading = fixture.handled.load()
            var replies = 0
            while replies < count, let line = client.line() {
                #expect(line == #"{"ok":true}"#)
                replies += 1
            }
            #expect(stalled, "the writer was held back (\(written.load()) of \(count) written)")
            #expect(executedBeforeReading < count, "not everything was executed while nobody read (\(executedBeforeReading))")
            #expect(replies == count, "every request answered: \(replies) of \(count)")
            #expect(fixture.handled.load() == replies, "executed exactly what was answered")
            await fixture.close([client])
        }

        @Test("a request that trickles in, a byte at a time, is closed after the request time, however busy it looks")
        func slowRequest() async throws {
            // The request time is wide enough that a steady client on a
            // loaded machine (its sleeps run late) is still in time, and
            // the trickle (37 bytes, 100 ms apart) is still far outside it.
            var limits = ControlServer.Limits()
            limits.requestSeconds = 1.2
            let fixture = try Fixture(limits: limits)
            let slow = try TestClient(fixture.path)
            let started = ContinuousClock.now
            var closed = false
            for byte in ("{\"cmd\":\"status\"" + String(repeating: " ", count: 20) + "}").map(String.init) {
                slow.send(byte)
                try await Task.sleep(for: .milliseconds(100))
                if await fixture.onLoop({ fixture.server.connectionCount }) == 0 {
                    closed = true
                    break
                }
            }
            #expect(closed, "closed while still trickling")
            #expect(started.duration(to: .now) < .seconds(3), "closed at the request time, not at the trickle's end (3.7 s)")
            #expect(slow.line() == #"{"ok":false,"error":"request not complete within 1.2 s"}"#)
            // A line whose bytes come quickly enough is served, in pieces too.
            let steady = try TestClient(fixture.path)
            for _ in 0..<3 {
                steady.send("{\"cmd\":")
                try await Task.sleep(for: .milliseconds(150))
                steady.send("\"next\"}\n")
                #expect(steady.line() == #"{"ok":true}"#)
                try await Task.sleep(for: .milliseconds(300))
            }
            await fixture.close([steady, slow])
        }

        @Test("every ordinary slot held by a silent client: a whole request sent at once is still answered, in a spare slot")
        func spareSlots() async throws {
            var limits = ControlServer.Limits()
            limits.connections = 4
            limits.quickSeconds = 0.5
            let fixture = try Fixture(limits: limits)
            let holders = try (0..<4).map { _ in try TestClient(fixture.path) }
            #expect(await fixture.eventually { fixture.server.connectionCount == 4 })
            for _ in 0..<3 {
                let quick = try TestClient(fixture.path)
                quick.send("{\"cmd\":\"status\"}\n")
                #expect(quick.line() == #"{"ok":true,"index":0}"#)
                quick.close()
            }
            // A client in a spare slot that sends nothing is closed quickly.
            let dawdler = try TestClient(fixture.path)
            let started = ContinuousClock.now
            #expect(dawdler.line() == #"{"ok":false,"error":"request not complete within 0.5 s"}"#)
            #expect(dawdler.closedByServer() && started.duration(to: .now) < .seconds(2))
            await fixture.close(holders + [dawdler])

            // Both spare slots held too (by clients with time to spare): the next is refused.
            limits.quickSeconds = 60
            let full = try Fixture(limits: limits)
            let all = try (0..<6).map { _ in try TestClient(full.path) }
            #expect(await full.eventually { full.server.connectionCount == 6 })
            let refused = try TestClient(full.path)
            refused.send("{\"cmd\":\"next\"}\n")
            #expect(refused.line() == #"{"ok":false,"error":"too many connections (at most 4)"}"#)
            #expect(refused.closedByServer())
            await full.close(all + [refused])
        }

        @Test("every slot held by a watcher: a command is answered; a new watcher is refused; with the spare slots held too, a command takes the oldest watcher's place")
        func watchersGiveWay() async throws {
            var limits = ControlServer.Limits()
            limits.connections = 3
            limits.quickSeconds = 30
            let fixture = try Fixture(limits: limits)
            var watchers: [TestClient] = []
            for _ in 0..<3 {
                let watcher = try TestClient(fixture.path)
                watcher.send("{\"cmd\":\"watch\"}\n")
                #expect(watcher.line() == #"{"ok":true}"#)
                watchers.append(watcher)
            }
            let command = try TestClient(fixture.path)
            command.send("{\"cmd\":\"next\"}\n")
            #expect(command.line() == #"{"ok":true}"#, "answered in a spare slot; no watcher dropped")
            command.close()
            #expect(await fixture.eventually { fixture.server.connectionCount == 3 })
            // A fourth watcher does not push one out (watchers that come back
            // would push each other out for ever).
            let fourth = try TestClient(fixture.path)
            fourth.send("{\"cmd\":\"watch\"}\n")
            #expect(fourth.line() == #"{"ok":false,"error":"too many connections (at most 3)"}"#)
            fourth.close()
            // Its spare slot free again before the next clients come (else
            // one of them may find it still held and take a watcher's place).
            #expect(await fixture.eventually { fixture.server.connectionCount == 3 })
            // Both spare slots held by clients still typing: a new client takes
            // the oldest watcher's slot, and its command is answered.
            let typing = try (0..<2).map { _ in try TestClient(fixture.path) }
            typing.forEach { $0.send("{\"cmd\":") }
            #expect(await fixture.eventually { fixture.server.connectionCount == 5 })
            let late = try TestClient(fixture.path)
            late.send("{\"cmd\":\"status\"}\n")
            #expect(late.line() == #"{"ok":true,"index":0}"#)
            #expect(watchers[0].closedByServer(), "the oldest watcher gave way")
            await fixture.onLoop { fixture.server.broadcast(#"{"t":1.000,"event":"quit"}"#) }
            #expect(watchers[1].line() == #"{"t":1.000,"event":"quit"}"# && watchers[2].line() == #"{"t":1.000,"event":"quit"}"#)
            await fixture.close(watchers + typing + [late])
        }

        @Test("watch, then the client shuts its writing side: records go on until it closes")
        func watchAfterHalfClose() async throws {
            let fixture = try Fixture()
            for request in ["{\"cmd\":\"watch\"}\n", "{\"cmd\":\"watch\"}"] {
                let watcher = try TestClient(fixture.path)
                watcher.send(request)
                watcher.shutdownWriting()
                #expect(watcher.line() == #"{"ok":true}"#)
                #expect(await fixture.eventually { fixture.server.hasWatchers })
                for second in 1...3 {
                    await fixture.onLoop { fixture.server.broadcast("{\"t\":\(second).000,\"event\":\"cue\"}") }
                    #expect(watcher.line() == "{\"t\":\(second).000,\"event\":\"cue\"}")
                }
                watcher.close()
                await fixture.onLoop { fixture.server.broadcast(#"{"t":4.000,"event":"cue"}"#) }
                #expect(await fixture.eventually { fixture.server.connectionCount == 0 }, "gone once its close shows")
            }
            await fixture.finish()
        }
    }
}
