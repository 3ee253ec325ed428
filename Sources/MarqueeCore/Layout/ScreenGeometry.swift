/// Where things go on a terminal of a given size: the LED area, the caption,
/// the countdown bar and the controls line, and how far the text is scaled.
/// A pure function of sizes, shared by the player (which quantises the scroll
/// offset to LEDs) and the composer (which paints).
public struct ScreenGeometry: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// First terminal row of the LED area, and how many rows it has.
    public let ledAreaTop: Int
    public let ledAreaRows: Int
    /// The LED panel in LEDs.
    public let panelColumns: Int
    public let panelRows: Int
    /// The fine panel, or the classic sign's big LEDs of `scale` units.
    public let grid: LEDGrid
    /// Panel LEDs per font pixel; 0 means the text does not fit and is shown
    /// as plain text instead.
    public let scale: Int
    /// Panel units from one LED to the next: a classic LED spans the
    /// `scale` units of its font pixel; on the fine panel every unit is an
    /// LED. A scroll step and a glowing LED's look at its neighbours both
    /// move by this.
    public var ledPitch: Int { grid.isClassic ? max(1, scale) : 1 }
    /// First panel row of the text band (the text is centred vertically).
    public let textTop: Int
    /// First caption row; `captionRows` says how many (one or two).
    public let captionRow: Int?
    public let captionRows: Int
    public let countdownRow: Int?
    public let controlsRow: Int?
    /// Rows given to the help overlay (below the LED strip), if open.
    public let helpRows: Range<Int>?

    /// `--rows-of-leds`' range: real signs are 7 to a few dozen LEDs tall;
    /// more than 64 would be smaller than the fine panel's LEDs.
    public static let minimumRowsOfLEDs = 7
    /// The least size of a classic LED, in units, where the height allows.
    public static let smallestClassicLED = 2
    public static let maximumRowsOfLEDs = 64
    /// Terminals shorter than this get no status rows: every row goes to the LEDs.
    public static let minimumRowsForStatus = 6
    /// Average letters a scrolling line keeps in view at the automatic
    /// scale: enough to read a word at once.
    public static let lettersInView = 6

    /// A geometry with a one-row caption (or none) and the automatic scale.
    init(columns: Int, rows: Int, style: LEDStyle, lineHeight: Int, hasCaption: Bool, helpLines: Int? = nil) {
        self.init(columns: columns, rows: rows, style: style, lineHeight: lineHeight, captionLines: hasCaption ? 1 : 0,
                  helpLines: helpLines)
    }

    /// `captionLines` is 0, 1 or 2 rows for the caption. `maximumScale` is
    /// `--scale N`: the LED size by hand, reduced only when the text would
    /// not fit the panel's height. `letterWidth` is the font's average
    /// letter, in font pixels (``TextLayout/averageLetterWidth(font:)``):
    /// the automatic scale is the largest that fits the height and keeps
    /// ``lettersInView`` of them across the panel (at least 1); nil fills
    /// the height whatever the width.
    ///
    /// A classic `grid` (one big LED a font pixel, `style` then
    /// ``LEDGrid/classicUnits``) keeps the panel a whole number of LEDs of
    /// `scale` units, in columns and rows, and the text's band on their
    /// boundaries; `rowsOfLEDs` is then the sign's height in LEDs, which
    /// sets the LED size (at least the line's height, so the text fits).
    ///
    /// `statusRows` false gives every row to the LEDs whatever the height:
    /// a zone's region (docs/zones.md), whose status rows are the sign's.
    public init(columns: Int, rows: Int, style: LEDStyle, lineHeight: Int, captionLines: Int, helpLines: Int? = nil,
                maximumScale: Int? = nil, letterWidth: Double? = nil, grid: LEDGrid = .fine, rowsOfLEDs: Int? = nil,
                statusRows: Bool = true) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        var bottom = self.rows
        if statusRows, self.rows >= ScreenGeometry.minimumRowsForStatus {
            controlsRow = bottom - 1
            countdownRow = bottom - 2
            bottom -= 2
        } else {
            controlsRow = nil
            countdownRow = nil
        }
        let wanted = min(2, max(0, captionLines))
        if wanted > 0, bottom >= ScreenGeometry.minimumRowsForStatus + wanted - 1 {
            captionRow = bottom - wanted
            captionRows = wanted
            bottom -= wanted
        } else {
            captionRow = nil
            captionRows = 0
        }
        if let helpLines, bottom > 0 {
            // The marquee keeps running in a strip above the overlay.
            let stripRows = max(1, min(bottom / 3, bottom - helpLines))
            helpRows = stripRows..<bottom
            bottom = stripRows
        } else {
            helpRows = nil
        }
        ledAreaTop = 0
        ledAreaRows = max(0, bottom)
        let unitColumns = style.ledColumns(inCells: self.columns)
        let unitRows = ledAreaRows * style.ledRowsPerCell
        let height = max(1, lineHeight)
        let fills = unitColumns > 0 ? unitRows / height : 0
        let scale: Int
        if grid.isClassic, let rowsOfLEDs {
            // A sign asked taller than the terminal has rows for gets the
            // smallest LEDs, and as many rows of them as there are.
            scale = min(fills, max(1, unitRows / max(height, rowsOfLEDs)))
        } else if let maximumScale {
            scale = min(fills, maximumScale)
        } else if let letterWidth, letterWidth > 0, letterWidth.isFinite {
            // Six letters across at scale s take 6 * letterWidth * s LEDs.
            let readable = Int((Double(unitColumns) / (Double(ScreenGeometry.lettersInView) * letterWidth)).rounded(.down))
            // A classic LED is at least two units where the height allows:
            // one would be a dot, the fine panel's look.
            scale = min(fills, max(grid.isClassic ? ScreenGeometry.smallestClassicLED : 1, readable))
        } else {
            scale = fills
        }
        self.scale = scale
        self.grid = grid
        if grid.isClassic, scale > 0 {
            // Whole LEDs only, as on a real sign: what is left over at the
            // right and bottom is gap.
            let ledRows = rowsOfLEDs.map { min($0, unitRows / scale) } ?? unitRows / scale
            panelColumns = unitColumns / scale * scale
            panelRows = ledRows * scale
            textTop = (ledRows - height) / 2 * scale
        } else {
            panelColumns = unitColumns
            panelRows = unitRows
            textTop = (panelRows - height * scale) / 2
        }
    }
}
