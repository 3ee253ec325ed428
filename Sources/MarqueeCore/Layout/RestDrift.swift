/// `--drift`: a sign at rest moves by one LED every N minutes, so on an OLED
/// or plasma screen no LED is lit in the same place for months
/// (docs/display.md, "Drift"). A pure function of a step count, which the
/// drift timer bumps (docs/condition-ids.md), and of the room the rest
/// layout leaves around its text.
///
/// ```swift
/// let room = RestDrift.Room(left: 3, right: 2, top: 1, bottom: 1)
/// (0..<5).map { RestDrift.offset(step: $0, room: room) }
/// // (0,0) (1,0) (1,1) (0,1) (0,0): right, down, left, up, and round again
/// ```
public enum RestDrift {
    /// Dark LEDs between the text block and each edge of the panel.
    public struct Room: Sendable, Equatable {
        public var left: Int
        public var right: Int
        public var top: Int
        public var bottom: Int

        public init(left: Int, right: Int, top: Int, bottom: Int) {
            self.left = left
            self.right = right
            self.top = top
            self.bottom = bottom
        }
    }

    /// LEDs the text block is moved by: right and down are positive.
    public struct Offset: Sendable, Equatable {
        public var dx: Int
        public var dy: Int

        public init(dx: Int, dy: Int) {
            self.dx = dx
            self.dy = dy
        }

        public static let zero = Offset(dx: 0, dy: 0)
    }

    /// The orbit, one LED a step: a square of four places, each LED of the
    /// text spending a quarter of the time at each. One LED is what the rest
    /// layout's margin guarantees on every side, so the orbit fits any
    /// message laid out whole; and a one-LED move is no jump to a reader.
    static let orbit: [(x: Int, y: Int)] = [(0, 0), (1, 0), (1, 1), (0, 1)]

    /// Where the text stands at drift step `step`. Each axis moves towards
    /// the side with room (right, else left; down, else up), and not at all
    /// when neither side has a free LED: a word cut at the edges, or a
    /// block as tall as the panel.
    public static func offset(step: Int, room: Room) -> Offset {
        let corner = orbit[((step % orbit.count) + orbit.count) % orbit.count]
        let x = room.right >= 1 ? 1 : room.left >= 1 ? -1 : 0
        let y = room.bottom >= 1 ? 1 : room.top >= 1 ? -1 : 0
        return Offset(dx: corner.x * x, dy: corner.y * y)
    }
}

extension RestLayout {
    /// The dark LEDs around the laid-out block on a panel of `panelColumns`
    /// x `panelRows` (0 where a cut word reaches the edge).
    public func room(panelColumns: Int, panelRows: Int) -> RestDrift.Room {
        guard let first = lines.first, let last = lines.last else {
            return RestDrift.Room(left: 0, right: 0, top: 0, bottom: 0)
        }
        let left = lines.map(\.start).min() ?? 0
        let right = lines.map { $0.start + $0.inkWidth * scale }.max() ?? panelColumns
        return RestDrift.Room(left: max(0, left), right: max(0, panelColumns - right), top: max(0, first.top),
                              bottom: max(0, panelRows - (last.top + inkRows.count * scale)))
    }
}
