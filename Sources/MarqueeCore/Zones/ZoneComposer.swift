/// Puts a sign split into zones together (docs/zones.md, "Drawing"): the
/// main sign's frame, composed at ``ZonePlan/mainColumns`` x
/// ``ZonePlan/mainRows`` as a sign without zones is, and each zone's own
/// small frame, are copied into a frame of the terminal. Every frame made
/// here is composed whole from those parts, so it always equals a full
/// compose; the parts themselves are kept and stepped by their owner, so a
/// zone that did not change is not painted again. The copy's cost follows
/// the terminal's size, never the length of a text.
public enum ZoneComposer {
    /// `mainLEDRows`: the main frame's rows of LEDs (its scene's
    /// ``ScreenGeometry/ledAreaRows``); the rows below them are its status
    /// rows, drawn from the left edge under the zones.
    public static func compose(main: FrameModel, mainLEDRows: Int, plan: ZonePlan,
                               zones: [(edge: SignZone.Edge, frame: FrameModel)]) -> FrameModel {
        var frame = FrameModel(columns: plan.columns, rows: plan.rows)
        frame.ledColor = main.ledColor
        frame.ledBrightness = main.ledBrightness
        let ledRows = min(mainLEDRows, main.rows)
        frame.paste(main, rows: 0..<ledRows, atRow: plan.top, column: plan.left)
        frame.paste(main, rows: ledRows..<main.rows, atRow: plan.top + ledRows + plan.bottom, column: 0)
        for zone in zones {
            let region = plan.region(of: zone.edge, mainLEDRows: ledRows)
            frame.paste(zone.frame, rows: 0..<min(region.rows, zone.frame.rows), atRow: region.row, column: region.column)
        }
        return frame
    }
}
