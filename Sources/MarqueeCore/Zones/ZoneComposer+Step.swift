/// A zoned frame's scroll step (docs/zones.md, "Drawing"): when only the
/// main sign moved, the whole frame is the one composed before with the
/// main sign's panel turned, as the main frame was, and the step's hint
/// carried through in the whole frame's rows, so the screen's copy and its
/// diff take only the cells the step painted (`FrameModel.follow`,
/// `FrameDiff`) instead of comparing every cell of every frame.
extension ZoneComposer {
    /// Steps `frame` (the frame composed last, from the main frame stamped
    /// `base`, with the zones as they still are) to `main`, when `main` is
    /// a scroll step of that main frame; false, leaving `frame` as it was,
    /// when it is not, or when the main sign's panel does not start at the
    /// frame's first column (a left zone: a panel turns from column 0, as a
    /// terminal deletes characters from a row's start). The frame then
    /// equals ``compose(main:mainLEDRows:plan:zones:)`` of `main` and the
    /// same zones.
    public static func step(_ frame: inout FrameModel, since base: FrameStamp, to main: FrameModel, mainLEDRows: Int,
                            plan: ZonePlan) -> Bool {
        let ledRows = min(mainLEDRows, main.rows)
        guard plan.left == 0, let step = main.step, step.base == base, frame.columns == plan.columns, frame.rows == plan.rows,
              frame.ledColor == main.ledColor, frame.ledBrightness == main.ledBrightness,
              step.rows.lowerBound >= 0, step.rows.upperBound <= ledRows, step.columns.lowerBound == 0,
              step.columns.upperBound <= min(main.columns, plan.mainColumns)
        else { return false }
        let before = frame.stamp
        let rows = (step.rows.lowerBound + plan.top)..<(step.rows.upperBound + plan.top)
        frame.rotatePanel(rows: rows, columns: step.columns, by: step.cells)
        // The turned rows: the columns the main step painted. The main
        // sign's other rows (its LED area off the panel, its status rows
        // under the zones) were drawn again by its step, so they are copied.
        frame.paste(main, rows: step.rows, atRow: rows.lowerBound, column: 0, only: step.painted)
        frame.paste(main, rows: 0..<step.rows.lowerBound, atRow: plan.top, column: 0)
        frame.paste(main, rows: step.rows.upperBound..<ledRows, atRow: rows.upperBound, column: 0)
        frame.paste(main, rows: ledRows..<main.rows, atRow: plan.top + ledRows + plan.bottom, column: 0)
        frame.advanceStamp()
        frame.step = FrameStep(base: before, rows: rows, columns: step.columns, cells: step.cells, painted: step.painted,
                               unlitIsUniform: step.unlitIsUniform)
        return true
    }
}
