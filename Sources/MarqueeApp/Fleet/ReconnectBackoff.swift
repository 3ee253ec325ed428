/// How long a sign waits before it tries its broker again (docs/fleet.md):
/// 1 s after the first failure, doubling to at most 60 s, each wait drawn
/// from its upper half (never under 1 s) so that a whole fleet that lost one broker does not
/// come back in one burst. A connection that lasted resets it.
struct ReconnectBackoff: Sendable {
    static let firstSeconds = 1.0
    static let longestSeconds = 60.0

    /// Failures in a row since the last connection that held.
    private(set) var failures = 0

    /// The wait before the next try, given a random fraction in 0…1.
    mutating func nextDelay(random: Double) -> Double {
        let ceiling = min(Self.longestSeconds, Self.firstSeconds * Double(1 << min(failures, 6)))
        failures += 1
        let fraction = random.isFinite ? min(max(random, 0), 1) : 1
        return max(Self.firstSeconds, ceiling * (0.5 + 0.5 * fraction))
    }

    /// The broker took the sign: the next failure waits the shortest time again.
    mutating func reset() { failures = 0 }
}
