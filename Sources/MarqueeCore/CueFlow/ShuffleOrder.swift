/// A random play order that never shows the same message twice in a row,
/// not even across the seam between two shuffled rounds.
public enum ShuffleOrder {
    /// A permutation of `0..<count` whose first element differs from
    /// `previous` when that is possible.
    public static func make<G: RandomNumberGenerator>(count: Int, avoidingFirst previous: Int?, using generator: inout G) -> [Int] {
        var order = Array(0..<count)
        order.shuffle(using: &generator)
        if count > 1, let previous, order.first == previous {
            order.swapAt(0, Int.random(in: 1..<count, using: &generator))
        }
        return order
    }
}
