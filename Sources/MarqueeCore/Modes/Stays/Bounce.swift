/// `bounce`: a message wider than the sign moves left until its end is in
/// view, rests a second, moves back right to its start, rests a second, and
/// again — at the message's speed, on the mode's clock. A message that
/// fits stands at rest. It is motion, not decoration: it runs at every tier
/// that moves, and stopped it shows the message at rest.
enum Bounce {
    /// Seconds the message rests at each end.
    static let dwell = 1.0

    /// The seconds of one round trip over `distance` LEDs at `ledsPerSecond`.
    static func period(distance: Int, ledsPerSecond: Double) -> Double {
        guard distance > 0, ledsPerSecond > 0 else { return 0 }
        return 2 * (Double(distance) / ledsPerSecond + dwell)
    }

    /// LEDs moved left from the start at `seconds` (0 … `distance`).
    static func offset(at seconds: Double, distance: Int, ledsPerSecond: Double) -> Int {
        let period = period(distance: distance, ledsPerSecond: ledsPerSecond)
        guard period > 0, seconds.isFinite else { return 0 }
        let travel = Double(distance) / ledsPerSecond
        let phase = max(0, seconds).truncatingRemainder(dividingBy: period)
        let moved: Double
        switch phase {
        case ..<dwell: moved = 0
        case ..<(dwell + travel): moved = (phase - dwell) * ledsPerSecond
        case ..<(2 * dwell + travel): moved = Double(distance)
        default: moved = Double(distance) - (phase - 2 * dwell - travel) * ledsPerSecond
        }
        return min(distance, max(0, Int(moved.rounded(.down))))
    }
}
