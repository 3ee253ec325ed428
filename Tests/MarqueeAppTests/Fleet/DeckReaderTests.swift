import Dispatch
import EventLoop
import Foundation
import Glibc
import Synchronization
import Testing
@testable import MarqueeApp

/// The fleet's decks are read off the loop's thread (docs/fleet.md, "A burst
/// of decks"): the outcome comes back on the loop, and a deck handed in
/// while another is read replaces the one waiting.
@Suite("Deck reader")
struct DeckReaderTests {
    /// What the reader's two closures saw.
    final class Record: Sendable {
        let parsed = Mutex<[UInt64]>([])
        let done = Mutex<[UInt64]>([])
        let parsedOnLoop = Mutex<[Bool]>([])
        let doneOnLoop = Mutex<[Bool]>([])
        let threadNames = Mutex<[String]>([])
        let finished = DispatchSemaphore(value: 0)
    }

    static func job(_ generation: UInt64) -> DeckReader.Job {
        DeckReader.Job(generation: generation, topic: "ledmarquee/deck", payload: Array("[\"DECK \(generation)\"]".utf8))
    }

    /// A reader whose parse first waits for `gate` (when given) on the deck
    /// numbered `held`, and then reads the deck for real.
    static func reader(on server: ServerLoopThread, _ record: Record, held: UInt64 = 0,
                       started: DispatchSemaphore? = nil, gate: DispatchSemaphore? = nil) -> DeckReader {
        DeckReader(loop: server.loop, parse: { job in
            record.parsed.withLock { $0.append(job.generation) }
            record.parsedOnLoop.withLock { $0.append(server.loop.inEventLoop) }
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
            record.threadNames.withLock { $0.append(name.trimmingCharacters(in: .newlines)) }
            if job.generation == held {
                started?.signal()
                _ = gate?.wait(timeout: .now() + 10)
            }
            return FleetPayload.parse(job.payload, kind: .deck, topic: job.topic, defaultSeconds: 5)
        }, done: { job, outcome in
            record.done.withLock { $0.append(job.generation) }
            record.doneOnLoop.withLock { $0.append(server.loop.inEventLoop) }
            if case .success(.deck(let cues, _, _, _)) = outcome, cues.first?.text == "DECK \(job.generation)" {
                record.finished.signal()
            }
        })
    }

    @Test("a deck is read on a thread of its own, named, and its outcome comes back on the loop's thread")
    func readOffTheLoop() {
        let server = ServerLoopThread()
        defer { _ = server.finish() }
        let record = Record()
        let reader = Self.reader(on: server, record)
        #expect(reader.read(Self.job(1)))
        #expect(record.finished.wait(timeout: .now() + 10) == .success, "the outcome came back")
        #expect(record.parsed.withLock { $0 } == [1])
        #expect(record.parsedOnLoop.withLock { $0 } == [false], "not read on the loop's thread")
        #expect(record.threadNames.withLock { $0 } == [DeckReader.threadName])
        #expect(record.done.withLock { $0 } == [1])
        #expect(record.doneOnLoop.withLock { $0 } == [true], "played on the loop's thread")
    }

    @Test("decks handed in while one is read replace each other unread; the one being read is read to the end, then the newest")
    func newestWaiting() {
        let server = ServerLoopThread()
        defer { _ = server.finish() }
        let record = Record()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let reader = Self.reader(on: server, record, held: 1, started: started, gate: gate)
        #expect(reader.read(Self.job(1)))
        #expect(started.wait(timeout: .now() + 10) == .success, "deck 1 is being read")
        #expect(reader.read(Self.job(2)))
        #expect(reader.read(Self.job(3)))
        gate.signal()
        for _ in 0..<2 { #expect(record.finished.wait(timeout: .now() + 10) == .success) }
        #expect(record.parsed.withLock { $0 } == [1, 3], "deck 2 was replaced unread")
        #expect(record.done.withLock { $0 } == [1, 3])
        // A later deck is read too, by the same thread if it had not ended yet.
        #expect(reader.read(Self.job(4)))
        #expect(record.finished.wait(timeout: .now() + 10) == .success)
        #expect(record.parsed.withLock { $0 } == [1, 3, 4])
    }
}
