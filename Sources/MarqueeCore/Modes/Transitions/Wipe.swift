/// `wipe-left`, `wipe-right`, `wipe-up`, `wipe-down`, `wipe-in`, `wipe-out`:
/// an edge sweeps across the sign; the message stands still behind it.
/// `wipe-left` shows the message from the right edge leftwards (its edge
/// moves left); `wipe-in` from both edges inwards, `wipe-out` from the
/// middle outwards (as the Alpha sign protocol names them).
enum Wipe {
    /// `shown`: the share of the sign the edge has uncovered, 0 to 1.
    static func frame(_ direction: Transition, source: ModeCanvas, shown: Double) -> ModeCanvas {
        let columns = Double(source.columns), rows = Double(source.rows)
        let across = Int((shown * columns).rounded(.up)), down = Int((shown * rows).rounded(.up))
        let half = Int((shown * columns / 2).rounded(.up))
        let width = source.columns, height = source.rows
        return source.masked { column, row in
            switch direction {
            case .wipeLeft: column >= width - across
            case .wipeRight: column < across
            case .wipeUp: row >= height - down
            case .wipeDown: row < down
            case .wipeIn: column < half || column >= width - half
            default: column >= width / 2 - half && column < (width + 1) / 2 + half
            }
        }
    }
}
