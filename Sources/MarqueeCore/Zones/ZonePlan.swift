/// Where the zones and the main sign go on a terminal (docs/zones.md,
/// "Layout"): a top and a bottom zone take rows of the LED area across the
/// whole width (half of it for one, a third each for two), a left and a
/// right zone take cells beside the main sign's LED rows (each at most a
/// third of the width), and the main sign is composed on what is left, its
/// status rows (caption, countdown, controls) below everything, from the
/// left edge. A pure function of sizes.
public struct ZonePlan: Sendable, Equatable {
    /// A zone's rectangle of the terminal, in cells.
    public struct Region: Sendable, Equatable {
        public var column: Int
        public var row: Int
        public var columns: Int
        public var rows: Int
    }

    public let columns: Int
    public let rows: Int
    /// Cells of the left and right zones; rows of the top and bottom ones.
    public let left: Int
    public let right: Int
    public let top: Int
    public let bottom: Int

    /// The size the main sign is composed at: the terminal less the zones.
    public var mainColumns: Int { columns - left - right }
    public var mainRows: Int { rows - top - bottom }

    /// `ledAreaRows`: the LED area of the sign without zones on this
    /// terminal; `sideCells`: the width each side zone wants (fitted to its
    /// text or asked), cut to a third of the width.
    public init(columns: Int, rows: Int, zones: [SignZone], ledAreaRows: Int, sideCells: [SignZone.Edge: Int]) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        let edges = Set(zones.map(\.edge))
        let lines = (edges.contains(.top) ? 1 : 0) + (edges.contains(.bottom) ? 1 : 0)
        // The main sign keeps at least its share: one line of the two or three.
        let share = lines == 0 ? 0 : max(0, ledAreaRows) / (lines + 1)
        top = edges.contains(.top) ? share : 0
        bottom = edges.contains(.bottom) ? share : 0
        let most = self.columns / 3
        left = edges.contains(.left) ? min(most, max(1, sideCells[.left] ?? 1)) : 0
        right = edges.contains(.right) ? min(most, max(1, sideCells[.right] ?? 1)) : 0
    }

    /// The rectangle of the zone at `edge`, with the main sign's LED area
    /// `mainLEDRows` high (the composed main scene's): side zones stand
    /// beside those rows, the bottom zone under them.
    public func region(of edge: SignZone.Edge, mainLEDRows: Int) -> Region {
        switch edge {
        case .top: Region(column: 0, row: 0, columns: columns, rows: top)
        case .bottom: Region(column: 0, row: top + mainLEDRows, columns: columns, rows: bottom)
        case .left: Region(column: 0, row: top, columns: left, rows: mainLEDRows)
        case .right: Region(column: columns - right, row: top, columns: right, rows: mainLEDRows)
        }
    }
}
