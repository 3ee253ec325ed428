/// A picture of a sign split into zones (docs/zones.md, "Pictures"): the
/// main sign's LEDs and each zone's, every part at its region's place, as
/// `ZoneComposer` puts their frames together for the terminal. Where no
/// part has an LED (the odd cell a region leaves over, a classic panel's
/// leftover units) the picture shows the gap, as the terminal shows a
/// blank cell there.
extension LEDPanel {
    /// One part of a zoned sign: its LEDs, the panel units from one of its
    /// LEDs to the next (its geometry's ``ScreenGeometry/ledPitch``), and
    /// the terminal cell its region starts at.
    public struct Part: Sendable {
        public var panel: LEDPanel
        public var pitch: Int
        public var column: Int
        public var row: Int

        public init(panel: LEDPanel, pitch: Int, column: Int, row: Int) {
            self.panel = panel
            self.pitch = max(1, pitch)
            self.column = column
            self.row = row
        }
    }

    /// The whole sign's LEDs: `main` (composed at the plan's main size,
    /// its LED area `mainLEDRows` high) and each zone's panel with its
    /// geometry, on a terminal of the plan's size in `style`'s units.
    ///
    /// The picture's LEDs are the main sign's: on the fine grid every part's
    /// LED is one unit, so each is copied LED for LED. On the classic grid
    /// a zone whose big LEDs are another size than the main sign's is read
    /// at the main sign's LEDs (each takes the zone LED under its first
    /// unit, as `paintClassic` reads a font pixel), since a picture has one
    /// LED pitch. The colour, brightness and plain-text mark are the main
    /// sign's, as the terminal frame takes the main frame's.
    public static func zoned(main: LEDPanel, mainGeometry: ScreenGeometry, style: LEDStyle, plan: ZonePlan,
                             zones: [(edge: SignZone.Edge, panel: LEDPanel, geometry: ScreenGeometry)]) -> LEDPanel {
        let mainLEDRows = mainGeometry.ledAreaRows
        var parts = [Part(panel: main, pitch: mainGeometry.ledPitch, column: plan.left, row: plan.top)]
        for zone in zones {
            let region = plan.region(of: zone.edge, mainLEDRows: mainLEDRows)
            parts.append(Part(panel: zone.panel, pitch: zone.geometry.ledPitch, column: region.column, row: region.row))
        }
        let ledAreaRows = plan.top + mainLEDRows + plan.bottom
        var picture = placing(parts, pitch: mainGeometry.ledPitch, style: style, columns: plan.columns, rows: ledAreaRows)
        picture.color = main.color
        picture.brightness = main.brightness
        picture.showsPlainText = main.showsPlainText
        return picture
    }

    /// `parts` on one panel of LEDs `pitch` units apart covering a
    /// terminal area of `columns` x `rows` cells in `style`. A part starts
    /// at the first whole LED at or after its region's first unit, so two
    /// parts never overlap; the panel grows to hold a part that runs past
    /// the area's last whole LED.
    static func placing(_ parts: [Part], pitch: Int, style: LEDStyle, columns: Int, rows: Int) -> LEDPanel {
        let pitch = max(1, pitch)
        let half = style.halfCellsPerLED
        // Cells to units: a region starting mid-LED (dots and blocks take
        // two cells an LED) starts at the next whole one.
        let unitColumn = { (cells: Int) in (cells * 2 + half - 1) / half }
        let placed = parts.map { part in
            (part: part, column: (unitColumn(part.column) + pitch - 1) / pitch,
             row: (part.row * style.ledRowsPerCell + pitch - 1) / pitch,
             columns: part.panel.columns * part.pitch / pitch, rows: part.panel.rows * part.pitch / pitch)
        }
        let width = placed.map { $0.column + $0.columns }.reduce(style.ledColumns(inCells: columns) / pitch, max)
        let height = placed.map { $0.row + $0.rows }.reduce(rows * style.ledRowsPerCell / pitch, max)
        var picture = LEDPanel(columns: width, rows: height, shape: parts.first?.panel.shape ?? .square, fill: .plain)
        for item in placed {
            let source = item.part.panel
            for row in 0..<item.rows {
                let sourceRow = row * pitch / item.part.pitch
                guard sourceRow < source.rows else { continue }
                for column in 0..<item.columns {
                    let sourceColumn = column * pitch / item.part.pitch
                    guard sourceColumn < source.columns else { continue }
                    picture[item.column + column, item.row + row] = source[sourceColumn, sourceRow]
                }
            }
        }
        return picture
    }
}
