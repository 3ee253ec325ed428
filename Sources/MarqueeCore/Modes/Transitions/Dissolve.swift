/// `dissolve`: each LED of the message appears (or, leaving, goes) at its
/// own moment, in an order drawn from the message's seed.
enum Dissolve {
    static func frame(source: ModeCanvas, shown: Double, seed: UInt64) -> ModeCanvas {
        source.masked { column, row in ModeSeed.unit(seed, column, row) < shown }
    }
}
