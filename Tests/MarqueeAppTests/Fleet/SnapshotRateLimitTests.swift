import Testing
@testable import MarqueeApp

/// A fleet sign's snapshots, at most one a second (docs/fleet.md, "Snapshots").
@Suite("Snapshot rate limit")
struct SnapshotRateLimitTests {
    @Test("the first is taken; another within a second is refused with the wait left; after a second, taken")
    func oneASecond() {
        var limit = SnapshotRateLimit()
        #expect(limit.admit(at: 10) == nil)
        let wait = limit.admit(at: 10.3)
        #expect(abs((wait ?? 0) - 0.7) < 1e-9)
        // A refusal does not move the second on.
        #expect(limit.admit(at: 10.99) != nil)
        #expect(limit.admit(at: 11.0) == nil)
        #expect(limit.admit(at: 11.5) != nil)
        #expect(limit.admit(at: 12.2) == nil)
    }

    @Test("the refusal says how long to wait, in tenths, never 0.0")
    func words() {
        #expect(SnapshotRateLimit.refusal(waiting: 0.7) == "at most one snapshot a second; try again in 0.7 s")
        #expect(SnapshotRateLimit.refusal(waiting: 0.01) == "at most one snapshot a second; try again in 0.1 s")
        #expect(SnapshotRateLimit.refusal(waiting: 1.0) == "at most one snapshot a second; try again in 1.0 s")
    }
}
