/// `sparkle`: each LED of the message lights at its own moment, in an
/// order drawn from the seed, and an LED about to light sparks first at the
/// faintest shade: the sign glitters as the message appears. A decorative
/// transition, as all are: below the full tier it is a cut.
enum Sparkle {
    /// How far ahead of its moment an LED sparks.
    static let lead = 0.12

    static func frame(source: ModeCanvas, shown: Double, seed: UInt64) -> ModeCanvas {
        var canvas = source.blank
        source.forEachLit { column, row in
            let moment = ModeSeed.unit(seed, column, row) * (1 - lead) + lead
            if moment <= shown {
                canvas[column, row] = .lit
            } else if moment - lead <= shown {
                canvas[column, row] = .glow3
            }
        }
        return canvas
    }
}
