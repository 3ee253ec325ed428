/// `snow`: each lit LED of the message falls from the top of the sign to
/// its place, starting at its own moment (from the seed); leaving, they
/// rise back out in reverse.
enum Snow {
    /// The share of the transition an LED's fall takes.
    static let fall = 0.4

    static func frame(source: ModeCanvas, shown: Double, seed: UInt64) -> ModeCanvas {
        var canvas = source.blank
        for row in 0..<source.rows {
            for column in 0..<source.columns where source.isLit(column, row) {
                let start = ModeSeed.unit(seed, column, row) * (1 - fall)
                let landed = min(1, max(0, (shown - start) / fall))
                guard landed > 0 else { continue }
                // From just above the sign (row -1) down to its own row.
                let y = Int((Double(row + 1) * landed).rounded(.down)) - 1
                if y >= 0, canvas[column, y] != .lit { canvas[column, y] = .lit }
            }
        }
        return canvas
    }
}
