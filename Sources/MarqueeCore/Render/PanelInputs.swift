/// What `PanelPainter` reads for one frame: the lit rows of each panel
/// column, each column's rainbow hue, and the font row (and line of text)
/// each panel row shows. Filled by the composer, read by the painter, gone
/// when the frame is painted: so it lives in scratch memory the caller
/// lends (``with(columns:rows:bands:_:)``), not in arrays. A scroll step
/// paints a few columns; allocating these arrays cost more than painting
/// them (each new array of the Swift runtime looks up its element type's
/// metadata, a locked map, on every allocation: 7 % of a 300x80 scroll's
/// CPU in a profile).
struct PanelInputs {
    /// Lit rows of the text for each panel column (bit = font row), one
    /// band of `columns` masks per line of text.
    let masks: UnsafeMutableBufferPointer<UInt64>
    /// The rainbow's hue slot of each panel column (0 without rainbow).
    let hues: UnsafeMutableBufferPointer<UInt8>
    /// Font row shown by each panel row, or -1 outside the text.
    let rowOfLED: UnsafeMutableBufferPointer<Int>
    /// The line of text (band of `masks`) each panel row shows; empty when
    /// there is one line (a scroll).
    let rowBand: UnsafeMutableBufferPointer<Int>

    /// Calls `body` with inputs for a panel of `columns` by `rows` LEDs and
    /// `bands` lines of text (1 for a scroll), every mask 0, every hue 0,
    /// every row outside the text and on the first line. The memory is the
    /// stack's where it is small enough and is valid only inside `body`.
    static func with<Result>(columns: Int, rows: Int, bands: Int, _ body: (PanelInputs) -> Result) -> Result {
        let columns = max(0, columns), rows = max(0, rows), bands = max(1, bands)
        let rowBands = bands > 1 ? rows : 0
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: bands * columns) { masks in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: columns) { hues in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: rows + rowBands) { rowsOfText in
                    masks.initialize(repeating: 0)
                    hues.initialize(repeating: 0)
                    let rowOfLED = UnsafeMutableBufferPointer(rebasing: rowsOfText[0..<rows])
                    let rowBand = UnsafeMutableBufferPointer(rebasing: rowsOfText[rows...])
                    rowOfLED.initialize(repeating: -1)
                    rowBand.initialize(repeating: 0)
                    return body(PanelInputs(masks: masks, hues: hues, rowOfLED: rowOfLED, rowBand: rowBand))
                }
            }
        }
    }
}
