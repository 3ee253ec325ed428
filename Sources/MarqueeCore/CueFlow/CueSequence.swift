/// Index arithmetic for a sequence of messages: next and previous with
/// wrap-around when looping, and no index past the ends when not.
public enum CueSequence {
    /// Which way a manual or automatic move goes.
    public enum Direction: Sendable { case forward, backward }

    /// The index after a move, or `nil` when there is none (an end of a
    /// non-looping sequence, or an empty one).
    ///
    /// ```swift
    /// CueSequence.step(from: 2, count: 3, direction: .forward, loop: true)   // 0
    /// CueSequence.step(from: 2, count: 3, direction: .forward, loop: false)  // nil
    /// ```
    public static func step(from index: Int, count: Int, direction: Direction, loop: Bool) -> Int? {
        guard count > 0, (0..<count).contains(index) else { return nil }
        let delta = direction == .forward ? 1 : -1
        let target = index + delta
        if (0..<count).contains(target) { return target }
        guard loop else { return nil }
        return (target + count) % count
    }
}
