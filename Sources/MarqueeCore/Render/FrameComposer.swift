/// Paints a scene into a frame: the LED panel in the chosen style, then the
/// caption, countdown bar, controls line and help overlay.
///
/// ```swift
/// let frame = FrameComposer.compose(scene, layout: layout)
/// print(frame.text)   // what --snapshot prints
/// ```
public enum FrameComposer {
    /// `rest` is the message laid out whole for this panel (see
    /// `RestLayout`), drawn when the scene is at rest; without it, or when
    /// the message cannot be shown whole in LEDs, the rest frame shows the
    /// message as plain text.
    ///
    /// `previous` is the frame composed last and its scene: when the new
    /// scene is that one scrolled by a few LEDs and nothing else about the
    /// panel changed, its panel is shifted and only the LED columns coming
    /// into view are painted (see `docs/display.md`). The result is the
    /// same frame either way.
    public static func compose(_ scene: MarqueeScene, layout: TextLayout, rest: RestLayout? = nil,
                               after previous: (scene: MarqueeScene, frame: FrameModel)? = nil) -> FrameModel {
        if let previous, let frame = scrolled(previous.frame, of: previous.scene, to: scene, layout: layout) {
            return frame
        }
        let geometry = scene.geometry
        var frame = FrameModel(columns: geometry.columns, rows: geometry.rows)
        frame.ledColor = scene.color
        frame.ledBrightness = scene.brightness
        if scene.dark {
            // Dark: not even the unlit grid; the status rows still show.
        } else if let mode = scene.mode,
                  ModeComposer.withPainter(scene, mode: mode, layout: layout, rest: rest, { $0.paint(into: &frame) }) != nil {
            // A display mode's frame (docs/display.md, "Display modes").
        } else if case .scrolling = scene.placement, geometry.scale > 0 {
            paintScrollingPanel(scene, layout: layout, into: &frame)
        } else if scene.placement == .rest, let rest, geometry.panelColumns > 0 {
            paintRestPanel(scene, rest: rest, into: &frame)
        } else if geometry.ledAreaRows > 0 {
            PlainTextPainter.paint(scene, into: &frame)
        }
        paintStatusRows(scene, into: &frame)
        return frame
    }

    /// LED columns the panel's text moved left (negative: right) from `old`
    /// to `new`, when that is all that changed on the panel and the move is
    /// a whole number of cells smaller than the panel; nil otherwise (another
    /// message, size, shade or rainbow phase, a wrap round, a rest frame).
    static func scrollStep(from old: MarqueeScene, to new: MarqueeScene, layout: TextLayout) -> Int? {
        guard case let .scrolling(_, oldEntry) = old.placement, case let .scrolling(_, newEntry) = new.placement,
              oldEntry == newEntry, new.geometry.scale > 0, new.mode == nil, old.mode == nil else { return nil }
        // Whatever is drawn outside the panel may change freely; anything
        // else, including fields added later, must be equal.
        var same = old
        same.placement = new.placement
        same.caption = new.caption
        same.captionOffset = new.captionOffset
        same.countdown = new.countdown
        same.controls = new.controls
        same.help = new.help
        guard same == new else { return nil }
        let leds = textStart(old, textWidth: layout.width) - textStart(new, textWidth: layout.width)
        guard leds != 0, abs(leds) < new.geometry.panelColumns, leds * new.style.halfCellsPerLED % 2 == 0 else { return nil }
        return leds
    }

    /// `old` (the frame of `oldScene`) moved on to `scene`: the panel rows
    /// shifted, the columns coming into view painted, the rows under the
    /// panel drawn again; nil when `scene` is not a scroll step of it.
    private static func scrolled(_ old: FrameModel, of oldScene: MarqueeScene, to scene: MarqueeScene,
                                 layout: TextLayout) -> FrameModel? {
        var frame = old
        return step(&frame, from: oldScene, to: scene, layout: layout) ? frame : nil
    }

    /// Moves `frame`, the frame of `oldScene`, on to `scene` in place when
    /// `scene` is a scroll step of it: the panel rows shifted, the columns
    /// coming into view painted, the rows under the panel drawn again, and
    /// `frame.step` saying so. Returns false, leaving `frame` as it was,
    /// when it is not a step.
    ///
    /// The panel is a ring (`FrameModel.rotatePanel`): a step moves no
    /// cell, so its work follows the panel's height and the step, not the
    /// width. A frame held nowhere else is changed where it lies
    /// (`MessageLayouts` keeps the frame it composed last for this; the
    /// screen keeps a copy of its own, `FrameModel.follow`).
    public static func step(_ frame: inout FrameModel, from oldScene: MarqueeScene, to scene: MarqueeScene,
                            layout: TextLayout) -> Bool {
        let geometry = scene.geometry
        guard frame.columns == geometry.columns, frame.rows == geometry.rows, let hint = frame.panelScroll,
              let leds = scrollStep(from: oldScene, to: scene, layout: layout) else { return false }
        let base = frame.stamp
        let cells = leds * scene.style.halfCellsPerLED / 2
        // The painter writes every cell coming in (in braille, a cell
        // beside them too), and the lit counts follow its writes.
        frame.rotatePanel(rows: hint.rows, columns: hint.columns, by: cells)
        for row in 0..<frame.rows where !hint.rows.contains(row) { frame.clear(row: row) }
        let panel = geometry.panelColumns
        // With glow the LED next to those coming in may start or stop
        // glowing, and so may the one now at the far edge, whose neighbour
        // left: both are painted again (and the step's painted columns
        // then span the panel: glow is a decoration of a cool machine).
        let reach = scene.glowReach
        var painted = paintScrollingPanel(scene, layout: layout, into: &frame,
                                          only: leds > 0 ? max(0, panel - leds - reach)..<panel : 0..<min(panel, -leds + reach))
        if reach > 0 {
            let edge = paintScrollingPanel(scene, layout: layout, into: &frame,
                                           only: leds > 0 ? 0..<min(panel, reach) : max(0, panel - reach)..<panel)
            painted = min(painted.lowerBound, edge.lowerBound)..<max(painted.upperBound, edge.upperBound)
        }
        paintStatusRows(scene, into: &frame)
        let coming = cells > 0 ? (hint.columns.upperBound - cells)..<hint.columns.upperBound : 0..<(-cells)
        frame.advanceStamp()
        frame.step = FrameStep(base: base, rows: hint.rows, columns: hint.columns, cells: cells,
                               painted: min(coming.lowerBound, painted.lowerBound)..<max(coming.upperBound, painted.upperBound),
                               unlitIsUniform: scene.rainbowPhase == nil)
        return true
    }

    /// Caption, countdown bar, controls line and help overlay: the rows
    /// outside the LED panel.
    private static func paintStatusRows(_ scene: MarqueeScene, into frame: inout FrameModel) {
        let geometry = scene.geometry
        if let row = geometry.captionRow, let caption = scene.caption {
            PlainTextPainter.paintCaption(caption, offset: scene.captionOffset, rows: row..<(row + geometry.captionRows),
                                          into: &frame)
        }
        if let row = geometry.countdownRow, let countdown = scene.countdown {
            paintCountdown(countdown, repertoire: scene.glyphs.repertoire, row: row, into: &frame)
        }
        if let row = geometry.countdownRow, let page = scene.page {
            // The page indicator stands at the bar's end, over it.
            let indicator = " " + page.indicator
            frame.write(indicator, row: row, column: max(0, frame.columns - indicator.count), tone: .normal)
        }
        if let row = geometry.controlsRow, let controls = scene.controls {
            frame.write(controls, row: row, column: 0, tone: .dim)
        }
        if let rows = geometry.helpRows, let help = scene.help {
            for (offset, line) in help.prefix(rows.count).enumerated() {
                frame.write(line, row: rows.lowerBound + offset, column: 2, tone: .bright)
            }
        }
    }

    /// The panel column where the text's first column stands while it
    /// scrolls (`.rest` scenes: where a single line would stand centred).
    /// On the classic grid the text stands on a big LED's boundary.
    public static func textStart(_ scene: MarqueeScene, textWidth: Int) -> Int {
        let geometry = scene.geometry
        let scaledWidth = textWidth * geometry.scale
        let start: Int
        switch scene.placement {
        case .rest:
            start = max(0, (geometry.panelColumns - scaledWidth) / 2)
        case let .scrolling(offset, entry):
            start = WrappingScroll.start(offset: offset, width: scaledWidth, span: geometry.panelColumns, entry: entry)
        }
        guard scene.grid.isClassic, geometry.scale > 1 else { return start }
        return floorDivide(start, geometry.scale) * geometry.scale
    }

    /// `only`: the LED columns to paint (a scroll step's new columns); the
    /// masks and hues are read for those alone. Returns the frame columns
    /// painted.
    @discardableResult
    private static func paintScrollingPanel(_ scene: MarqueeScene, layout: TextLayout, into frame: inout FrameModel,
                                            only: Range<Int>? = nil) -> Range<Int> {
        withScrollingPainter(scene, layout: layout, only: only) { painter in
            // A step paints into the kept frame, moved: its dark rows hold
            // what they would be painted with, unless a rainbow hues them.
            let painted = painter.paint(into: &frame, only: only, keepsDarkRows: only != nil && scene.rainbowPhase == nil)
            frame.panelScroll = PanelScroll(rows: painter.frameRows, columns: painter.frameColumns,
                                            textStart: textStart(scene, textWidth: layout.width),
                                            halfCellsPerLED: scene.style.halfCellsPerLED)
            return painted
        }
    }

    /// Calls `body` with the LEDs of a scrolling scene: which are lit, their
    /// hues, brightness steps and colours. With `only`, they are read for
    /// those LED columns alone (and their neighbours, for glow). The cells
    /// and an export's pixels are both painted from it (`LEDPanel`). The
    /// painter reads scratch memory lent for the call (``PanelInputs``):
    /// it does not outlive `body`.
    static func withScrollingPainter<Result>(_ scene: MarqueeScene, layout: TextLayout, only: Range<Int>? = nil,
                                             _ body: (inout PanelPainter) -> Result) -> Result {
        let geometry = scene.geometry
        let scale = geometry.scale
        let start = textStart(scene, textWidth: layout.width)
        let dark = scene.litShade == .unlit
        // A glowing LED looks at its neighbours: their masks are read too.
        let reach = scene.glowReach
        let read = only.map { ($0.lowerBound - reach)..<($0.upperBound + reach) }?.clamped(to: 0..<geometry.panelColumns)
        return PanelInputs.with(columns: geometry.panelColumns, rows: geometry.panelRows, bands: 1) { inputs in
            // Which font row each panel row shows (-1: outside the text band).
            let textRows = geometry.textTop..<(geometry.textTop + layout.inkRows.count * scale)
            for led in textRows.clamped(to: 0..<geometry.panelRows) {
                inputs.rowOfLED[led] = layout.inkRows.lowerBound + (led - geometry.textTop) / scale
            }
            // Lit mask and hue for each panel column painted or looked at;
            // at the unlit shade (a fade's first step) nothing is lit.
            // Brightness steps and colour glyphs only where the text has
            // them and they show.
            let graded = layout.hasLevels && PanelPainter.drawsLevels(scene)
            // Markup spans: a blinking one's LEDs unlit in its dark half,
            // a coloured one's colour where the scene draws it.
            let marked = layout.hasMarkup
            var colors = PanelColors.drawn(slots: geometry.panelColumns, glyphs: layout.hasColors && PanelPainter.drawsColors(scene),
                                           spans: layout.hasSpanColors && PanelPainter.drawsMarkup(scene))
            return PanelLevels.with(slots: geometry.panelColumns, drawn: graded) { levels in
                for column in read ?? 0..<geometry.panelColumns {
                    let textColumn = floorDivide(column - start, scale)
                    if marked {
                        let (mask, style) = layout.marked(at: textColumn, blinkedOff: scene.markupBlinkedOff)
                        inputs.masks[column] = dark ? 0 : mask
                        colors?.read(style, into: column)
                    } else {
                        inputs.masks[column] = dark ? 0 : layout.column(at: textColumn)
                    }
                    inputs.hues[column] = hue(textColumn: textColumn, phase: scene.rainbowPhase)
                    levels?.read(layout, at: textColumn, into: column)
                    colors?.read(layout, at: textColumn, into: column)
                }
                var painter = PanelPainter(scene: scene, inputs: inputs, levels: levels, colors: colors)
                return body(&painter)
            }
        }
    }

    /// The rest layout's lines, each a band of its own panel rows, centred,
    /// clipped to keep the dark margin when a word had to be cut, and moved
    /// along `--drift`'s orbit (the margin window moving with them).
    private static func paintRestPanel(_ scene: MarqueeScene, rest: RestLayout, into frame: inout FrameModel) {
        _ = withRestPainter(scene, rest: rest) { painter in painter.paint(into: &frame) }
    }

    /// Calls `body` with the LEDs of a scene at rest: the rest layout's
    /// lines, as `paintRestPanel` draws them (the painter, as
    /// ``withScrollingPainter(_:layout:only:_:)``'s, does not outlive `body`).
    static func withRestPainter<Result>(_ scene: MarqueeScene, rest: RestLayout, _ body: (inout PanelPainter) -> Result) -> Result {
        let geometry = scene.geometry
        let columns = geometry.panelColumns
        let dark = scene.litShade == .unlit
        let drift = scene.driftStep == 0 ? .zero
            : RestDrift.offset(step: scene.driftStep, room: rest.room(panelColumns: columns, panelRows: geometry.panelRows))
        return PanelInputs.with(columns: columns, rows: geometry.panelRows, bands: rest.lines.count) { inputs in
            for row in 0..<geometry.panelRows {
                if let (line, fontRow) = rest.fontRow(atPanelRow: row - drift.dy) {
                    inputs.rowOfLED[row] = fontRow
                    if !inputs.rowBand.isEmpty { inputs.rowBand[row] = line }
                }
            }
            let margin = rest.margin
            let lower = max(0, margin + drift.dx)
            let visible = lower..<max(lower, min(columns, max(margin, columns - margin) + drift.dx))
            let slots = max(1, rest.lines.count) * columns
            let graded = rest.lines.contains { $0.layout.hasLevels } && PanelPainter.drawsLevels(scene)
            var colors = PanelColors.drawn(slots: slots, glyphs: rest.lines.contains { $0.layout.hasColors } && PanelPainter.drawsColors(scene),
                                           spans: rest.lines.contains { $0.layout.hasSpanColors } && PanelPainter.drawsMarkup(scene))
            return PanelLevels.with(slots: slots, drawn: graded) { levels in
                for (band, line) in rest.lines.enumerated() where !dark {
                    let marked = line.layout.hasMarkup
                    for column in visible {
                        let textColumn = floorDivide(column - drift.dx - line.start, rest.scale)
                        if marked {
                            let (mask, style) = line.layout.marked(at: textColumn, blinkedOff: scene.markupBlinkedOff)
                            inputs.masks[band * columns + column] = mask
                            colors?.read(style, into: band * columns + column)
                        } else {
                            inputs.masks[band * columns + column] = line.layout.column(at: textColumn)
                        }
                        levels?.read(line.layout, at: textColumn, into: band * columns + column)
                        colors?.read(line.layout, at: textColumn, into: band * columns + column)
                    }
                }
                for column in 0..<columns {
                    inputs.hues[column] = hue(textColumn: max(0, column - drift.dx) / max(1, rest.scale), phase: scene.rainbowPhase)
                }
                var painter = PanelPainter(scene: scene, inputs: inputs, levels: levels, colors: colors)
                return body(&painter)
            }
        }
    }

    /// The rainbow's hue slot for a text column (two columns a slot).
    private static func hue(textColumn: Int, phase: Int?) -> UInt8 {
        guard let phase else { return 0 }
        let hues = MarqueeScene.rainbowHues
        return UInt8(((textColumn / 2 + phase) % hues + hues) % hues)
    }

    /// Division rounding towards minus infinity, so columns left of the
    /// text's start map to negative text columns (unlit) rather than 0.
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }

    private static func paintCountdown(_ countdown: MarqueeScene.Countdown, repertoire: GlyphRepertoire, row: Int,
                                       into frame: inout FrameModel) {
        // In the sign's colour; the unlit shade while frozen.
        let ink = Ink.led(countdown.frozen ? .unlit : .glow2, hue: 0)
        let eighths = min(max(0, countdown.filledEighths), frame.columns * 8)
        for column in 0..<(eighths / 8) {
            frame[row, column] = Cell("█", foreground: ink)
        }
        if eighths % 8 > 0 {
            frame[row, eighths / 8] = Cell(repertoire.partialBarCell(eighths: eighths % 8), foreground: ink)
        }
    }
}
