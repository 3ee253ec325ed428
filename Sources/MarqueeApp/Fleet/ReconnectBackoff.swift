/// How long a sign waits before it tries its broker again (docs/fleet.md):
/// a wait drawn from 1–2 s after the first failure, 2–4 s after the
/// second, doubling to 32–60 s, so that a whole fleet that lost one broker
/// does not come back in one burst, not even at the first try. A
/// connection that held (``LinkLiveness/heldSeconds``) resets it.
struct ReconnectBackoff: Sendable {
    static let firstSeconds = 1.0
    static let longestSeconds = 60.0

    /// Failures in a row since the last connection that held.
    private(set) var failures = 0

    /// The wait before the next try, given a random fraction in 0…1.
    mutating func nextDelay(random: Double) -> Double {
        let floor = Self.firstSeconds * Double(1 << min(failures, 5))
        failures += 1
        let fraction = random.isFinite ? min(max(random, 0), 1) : 1
        return min(Self.longestSeconds, floor * (1 + fraction))
    }

    /// The broker took the sign: the next failure waits the shortest time again.
    mutating func reset() { failures = 0 }
}
