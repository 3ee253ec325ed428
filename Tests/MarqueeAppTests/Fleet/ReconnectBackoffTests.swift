import Testing
@testable import MarqueeApp

/// Reconnecting (docs/fleet.md): from 1 s, doubling, to 60 s at most, each
/// wait spread over its step.
@Suite("Reconnect backoff")
struct ReconnectBackoffTests {
    @Test("each step doubles, from 1-2 s to 32-60 s")
    func doubling() {
        var longest = ReconnectBackoff()
        #expect((0..<9).map { _ in longest.nextDelay(random: 1) } == [2, 4, 8, 16, 32, 60, 60, 60, 60])
        var shortest = ReconnectBackoff()
        #expect((0..<9).map { _ in shortest.nextDelay(random: 0) } == [1, 2, 4, 8, 16, 32, 32, 32, 32])
        var middle = ReconnectBackoff()
        #expect(middle.nextDelay(random: 0.5) == 1.5, "even the first try is spread, so a fleet does not come back at once")
    }

    @Test("a connection that held starts over; hostile randoms stay in bounds")
    func resetAndHostile() {
        var backoff = ReconnectBackoff()
        for _ in 0..<20 { _ = backoff.nextDelay(random: 0.5) }
        backoff.reset()
        #expect(backoff.nextDelay(random: 0) == 1)
        for random in [Double.nan, .infinity, -.infinity, -5, 7] {
            var fresh = ReconnectBackoff()
            for _ in 0..<100 {
                let delay = fresh.nextDelay(random: random)
                #expect(delay >= 1 && delay <= 60, "\(random)")
            }
        }
    }
}
