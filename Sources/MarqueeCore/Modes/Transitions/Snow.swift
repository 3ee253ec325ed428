/// `snow`: each lit LED of the message falls from the top of the sign to
/// its place, starting at its own moment (from the seed); leaving, they
/// rise back out in reverse.
enum Snow {
    /// The share of the transition an LED's fall takes.
    static let fall = 0.4

    static func frame(source: ModeCanvas, shown: Double, seed: UInt64) -> ModeCanvas {
        var canvas = source.blank
        source.forEachLit { column, row in
            let start = ModeSeed.unit(seed, column, row) * (1 - fall)
            let landed = min(1, max(0, (shown - start) / fall))
            // From just above the sign (row -1) down to its own row.
            let y = Int((Double(row + 1) * landed).rounded(.down)) - 1
            if landed > 0, y >= 0 { canvas[column, y] = .lit }
        }
        return canvas
    }
}
