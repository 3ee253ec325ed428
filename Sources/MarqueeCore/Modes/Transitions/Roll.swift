/// `roll-left`, `roll-right`, `roll-up`, `roll-down`: the whole message
/// moves that way, in from the far edge when entering, out by the near
/// edge when leaving (a `roll-left` message comes in from the right and
/// goes out to the left).
enum Roll {
    static func frame(_ direction: Transition, source: ModeCanvas, progress: Double, entering: Bool) -> ModeCanvas {
        // Entering, the distance still to go; leaving, the distance gone.
        let share = entering ? 1 - progress : progress
        let across = Int((share * Double(source.columns)).rounded()), down = Int((share * Double(source.rows)).rounded())
        let sign = entering ? 1 : -1
        switch direction {
        case .rollLeft: return source.shifted(dx: sign * across, dy: 0)
        case .rollRight: return source.shifted(dx: -sign * across, dy: 0)
        case .rollUp: return source.shifted(dx: 0, dy: sign * down)
        default: return source.shifted(dx: 0, dy: -sign * down)
        }
    }
}
