import MarqueeCore
import Testing

/// The events log's limit on repeated records (docs/events-log.md,
/// "Repeated records"), driven by hand: every time is the test's.
@Suite("Record rate limiter")
struct RecordRateLimiterTests {
    static let limit = RecordRateLimiter.recordsPerWindow

    /// Admits `count` records named `name`, spread evenly over
    /// [`from`, `to`); returns how many were let through.
    static func flood(_ limiter: inout RecordRateLimiter, _ name: String, count: Int, from: Double, to: Double) -> Int {
        var written = 0
        for index in 0..<count {
            let now = from + (to - from) * Double(index) / Double(count)
            let due = limiter.due(at: now)
            #expect(due.isEmpty, "no window closes within a flood shorter than a second")
            if limiter.admit(name, at: now) { written += 1 }
        }
        return written
    }

    @Test("10,000 records of one kind in a second: the first 100 written, one count of the other 9,900 when the second is over")
    func floodIsCounted() {
        var limiter = RecordRateLimiter()
        let written = Self.flood(&limiter, "interrupt", count: 10_000, from: 5, to: 5.999)
        #expect(written == Self.limit)
        #expect(limiter.nextDue == 6)
        let early = limiter.due(at: 5.9995)
        #expect(early.isEmpty, "not before the window closes")
        let closed = limiter.due(at: 6)
        #expect(closed == [.suppressed(record: "interrupt", count: 10_000 - Self.limit, seconds: 1)])
        let again = limiter.due(at: 7)
        #expect(again.isEmpty && limiter.nextDue == nil, "said once")
        #expect(EventRecord.suppressed(record: "interrupt", count: 9_900, seconds: 1).jsonLine(at: 6)
                == #"{"t":6.000,"event":"suppressed","record":"interrupt","count":9900,"seconds":1.000}"#)
    }

    @Test("up to the limit nothing is held back and nothing is said")
    func underTheLimit() {
        var limiter = RecordRateLimiter()
        let first = Self.flood(&limiter, "key", count: Self.limit, from: 0, to: 0.5)
        #expect(first == Self.limit)
        #expect(limiter.nextDue == nil)
        let due = limiter.due(at: 10)
        #expect(due.isEmpty)
        // A new window opens at the next record after the first one closed.
        let second = Self.flood(&limiter, "key", count: Self.limit, from: 10, to: 10.5)
        #expect(second == Self.limit)
    }

    @Test("a steady flood writes the limit and one count in every second")
    func steadyFlood() {
        var limiter = RecordRateLimiter()
        var lines = 0
        var suppressed = 0
        // 3,000 records a second for 10 s, in steps of a third of a millisecond.
        for step in 0..<30_000 {
            let now = Double(step) / 3_000
            for record in limiter.due(at: now) {
                lines += 1
                if case .suppressed(_, let count, _) = record { suppressed += count }
            }
            if limiter.admit("error", at: now) { lines += 1 }
        }
        for record in limiter.flush() {
            lines += 1
            if case .suppressed(_, let count, _) = record { suppressed += count }
        }
        #expect(lines == 10 * (Self.limit + 1), "\(lines) lines for 30,000 records")
        #expect(suppressed == 30_000 - 10 * Self.limit, "every record is written or counted")
    }

    @Test("each kind has its own budget; start and quit are never held back")
    func kindsAndExemptions() {
        var limiter = RecordRateLimiter()
        let errors = Self.flood(&limiter, "error", count: 500, from: 0, to: 0.5)
        #expect(errors == Self.limit)
        let cue = limiter.admit("cue", at: 0.6)
        #expect(cue, "another kind is not held back by the flood of errors")
        let quits = Self.flood(&limiter, "quit", count: 500, from: 0.7, to: 0.8)
        let starts = Self.flood(&limiter, "start", count: 500, from: 0.8, to: 0.9)
        #expect(quits == 500 && starts == 500)
        let flushed = limiter.flush()
        #expect(flushed == [.suppressed(record: "error", count: 400, seconds: 1)])
        #expect(limiter.nextDue == nil)
    }

    @Test("counts of several kinds come out oldest window first")
    func severalKinds() {
        var limiter = RecordRateLimiter()
        _ = Self.flood(&limiter, "interrupt", count: 150, from: 0.2, to: 0.3)
        _ = Self.flood(&limiter, "error", count: 120, from: 0.25, to: 0.4)
        #expect(limiter.nextDue == 1.2)
        let interrupts = limiter.due(at: 1.22)
        #expect(interrupts == [.suppressed(record: "interrupt", count: 50, seconds: 1)])
        #expect(limiter.nextDue == 1.25)
        let errors = limiter.due(at: 2)
        #expect(errors == [.suppressed(record: "error", count: 20, seconds: 1)])
        #expect(limiter.nextDue == nil)
    }
}
