import Testing
@testable import MarqueeApp

/// The fleet link's liveness (docs/fleet.md, "Reconnecting"; issue 24 item
/// 8), with times given by hand: a silent broker is lost 1.5 keepalives
/// after it was last heard; the backoff starts over only after a
/// connection that was up for a minute.
@Suite("Link liveness")
struct LinkLivenessTests {
    let origin = ContinuousClock.now
    func at(_ seconds: Double) -> ContinuousClock.Instant { origin + .seconds(seconds) }

    @Test("silence counts from the connection, then from the last packet; 1.5 keepalives lose the broker")
    func silence() {
        var liveness = LinkLiveness(keepaliveSeconds: 30)
        #expect(liveness.silenceDeadline == nil && !liveness.isSilent(at: at(1_000)), "no connection, no deadline")
        liveness.connected(at: at(0))
        #expect(liveness.silenceDeadline == at(45))
        #expect(!liveness.isSilent(at: at(44.9)) && liveness.isSilent(at: at(45)))
        liveness.subscribed(at: at(2))
        liveness.heard(at: at(20))
        #expect(liveness.silenceDeadline == at(65) && !liveness.isSilent(at: at(60)))
        #expect(liveness.isSilent(at: at(65)))
        _ = liveness.lost(at: at(66), random: 0)
        liveness.heard(at: at(70))
        #expect(liveness.silenceDeadline == nil, "a packet after the loss does not revive it")
    }

    @Test("a broker that accepts and drops at once: the waits keep growing, 1, 2, 4 … 32 s and no reset")
    func acceptAndDrop() {
        var liveness = LinkLiveness(keepaliveSeconds: 30)
        var time = 0.0
        var waits: [Double] = []
        for _ in 0..<8 {
            liveness.connected(at: at(time))
            liveness.subscribed(at: at(time + 0.01))
            time += 0.2
            let wait = liveness.lost(at: at(time), random: 0)
            waits.append(wait)
            time += wait
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 32, 32])
        #expect(liveness.backoff.failures == 8)
    }

    @Test("a connection up for 60 s resets the backoff; 59 s does not; connected without SUBACK never does")
    func heldResets() {
        var liveness = LinkLiveness(keepaliveSeconds: 30)
        for _ in 0..<4 { _ = liveness.lost(at: at(0), random: 0) }
        liveness.connected(at: at(100))
        liveness.subscribed(at: at(101))
        #expect(liveness.lost(at: at(160), random: 0) == 16, "59 s up: not held")
        liveness.connected(at: at(200))
        liveness.subscribed(at: at(200))
        #expect(liveness.lost(at: at(260), random: 0) == 1, "60 s up: the backoff starts over")
        liveness.connected(at: at(300))
        #expect(liveness.lost(at: at(1_000), random: 0) == 2, "never subscribed: not up, however long connected")
    }
}
