import Testing
@testable import MarqueeApp

/// Reconnecting (docs/fleet.md): from 1 s, doubling, to 60 s at most.
@Suite("Reconnect backoff")
struct ReconnectBackoffTests {
    @Test("the ceiling doubles from 1 s to 60 s; a wait is in its upper half, never under 1 s")
    func doubling() {
        var backoff = ReconnectBackoff()
        let longest = (0..<10).map { _ in backoff.nextDelay(random: 1) }
        #expect(longest == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60])
        var shortest = ReconnectBackoff()
        #expect((0..<8).map { _ in shortest.nextDelay(random: 0) } == [1, 1, 2, 4, 8, 16, 30, 30])
    }

    @Test("a connection that held starts over; hostile randoms stay in bounds")
    func resetAndHostile() {
        var backoff = ReconnectBackoff()
        for _ in 0..<20 { _ = backoff.nextDelay(random: 0.5) }
        backoff.reset()
        #expect(backoff.nextDelay(random: 1) == 1)
        for random in [Double.nan, .infinity, -.infinity, -5, 7] {
            var fresh = ReconnectBackoff()
            for _ in 0..<100 {
                let delay = fresh.nextDelay(random: random)
                #expect(delay >= 1 && delay <= 60, "\(random)")
            }
        }
    }
}
