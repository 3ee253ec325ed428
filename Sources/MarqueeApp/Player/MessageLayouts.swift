import MarqueeCore

/// The layouts of the message on the sign, built once per message (and,
/// for the rest layout and the measure, per terminal size) and kept, so
/// frames and inputs only read them: the one-line layout that scrolls, the
/// wrapped rest layout, and the measure the player's timing needs.
struct MessageLayouts {
    /// The fonts as loaded; with an outline font, `fonts` is this stack
    /// drawn at the panel's height (`fit`).
    private let loaded: FontStack
    private(set) var fonts: FontStack
    /// The outline font as loaded, found once (not cast on every frame),
    /// its average letter at that height, and the height it is drawn at now.
    private let resizable: (any ResizableFace)?
    private let referenceLetterWidth: Double?
    private(set) var fittedHeight: Int?
    /// The message's glyph source (choosing it prepares the text, which runs
    /// FriBidi), its one-line layout and its font's average letter (which
    /// the automatic scale reads).
    private var line: (text: String, font: any GlyphSource, layout: TextLayout, letterWidth: Double?)?
    private var rest: (key: RestKey, pages: [RestLayout])?
    /// The `vertical` mode's strip of lines and its run, for the same key.
    private var strip: (key: RestKey, made: (layout: RestLayout, run: Vertical.Run)?)?
    private var measured: (key: MeasureKey, measure: MessageMeasure)?
    /// The last frame composed and its scene: the next scroll step shifts
    /// it. Two optionals, not one of a pair, so each is taken out whole
    /// (`take()`) rather than copied.
    private var keptScene: MarqueeScene?
    private var keptFrame: FrameModel?
    /// The zoned frame handed to the screen last, the plan it was composed
    /// on and the stamp of the main frame in it: when only the main sign
    /// steps, the next is this one stepped (`ZoneComposer.step`).
    private var keptZoned: (frame: FrameModel, plan: ZonePlan, mainStamp: FrameStamp)?
    /// The one-line layout of the last frame and what it was found for:
    /// while the state has not changed (its `changeCount`) and the
    /// terminal has the same size, a frame tick reuses it without fitting
    /// the font, finding the shown message or comparing its text.
    private var steady: (changeCount: Int, columns: Int, rows: Int, layout: TextLayout)?
    /// The scene's part that moves only with the state (`PlayerState.sceneTemplate`).
    private var template: SceneTemplate?
    /// The zones beside the main sign (docs/zones.md): with any, the main
    /// sign is measured and composed on the terminal less their regions.
    var zones = ZoneBoard()

    private struct RestKey: Equatable {
        var text: String
        var panelColumns: Int
        var panelRows: Int
        var maximumScale: Int?
        /// The classic grid's LED size; 0 on the fine panel.
        var ledSize: Int
    }

    private struct MeasureKey: Equatable {
        var cue: Cue
        var geometry: ScreenGeometry
        /// At rest the measure counts the rest layout's pages too.
        var atRest: Bool
    }

    init(fonts: FontStack) {
        loaded = fonts
        self.fonts = fonts
        resizable = fonts.resizable
        referenceLetterWidth = resizable.flatMap { TextLayout.averageLetterWidth(font: $0) }
    }

    /// With an outline font (`ResizableFace`), draws it at the height the
    /// panel gives the text: letters at the sign's own resolution, one
    /// pixel an LED, as tall as the panel allows while keeping
    /// ``ScreenGeometry/lettersInView`` average letters across it, at most
    /// ``Glyph/maximumHeight`` (docs/display.md, "Fonts"). Laid-out text is
    /// dropped when the height changes (a resize, a caption, help). A
    /// bitmap font is scaled by the geometry instead, and this does nothing.
    mutating func fit(_ state: PlayerState, columns: Int, rows: Int) {
        guard let face = resizable else { return }
        let width = referenceLetterWidth ?? Double(face.lineHeight) / 2
        // The panel does not depend on the text's height, only on the caption and help.
        let panel = state.geometry(columns: columns, rows: rows, lineHeight: face.lineHeight)
        var height = min(Glyph.maximumHeight, panel.panelRows)
        if state.settings.grid.isClassic {
            height = MessageLayouts.classicHeight(rowsOfLEDs: state.settings.rowsOfLEDs, columns: columns,
                                                  ledAreaRows: panel.ledAreaRows, letterWidth: width / Double(face.lineHeight))
        } else if state.settings.scale == nil, width > 0 {
            // A letter's width grows with the height it is drawn at.
            let readable = Double(panel.panelColumns) * Double(face.lineHeight) / (Double(ScreenGeometry.lettersInView) * width)
            height = min(height, Int(readable.rounded(.down)))
        }
        height = max(FontSizing.minimumLineHeight, height)
        guard fittedHeight != height, let sized = loaded.resized(lineHeight: height) else { return }
        fonts = sized
        fittedHeight = height
        line = nil
        rest = nil
        strip = nil
        measured = nil
        keptScene = nil
        keptFrame = nil
        keptZoned = nil
        steady = nil
    }

    /// The height an outline font is drawn at on the classic grid, in big
    /// LEDs (docs/display.md, "LED grids"): `--rows-of-leds`, else the
    /// tallest at which an LED can still be two units (a disc, not a dot)
    /// with six average letters across; `letterWidth` is the face's
    /// average letter per row of height. The geometry then makes the LEDs
    /// as large as that height and those six letters allow.
    static func classicHeight(rowsOfLEDs: Int?, columns: Int, ledAreaRows: Int, letterWidth: Double) -> Int {
        if let rowsOfLEDs { return min(Glyph.maximumHeight, rowsOfLEDs) }
        let units = LEDGrid.classicUnits
        let smallestDisc = ScreenGeometry.smallestClassicLED
        let unitColumns = Double(units.ledColumns(inCells: columns))
        var height = ledAreaRows * units.ledRowsPerCell / smallestDisc
        if letterWidth > 0, letterWidth.isFinite {
            let across = unitColumns / (Double(ScreenGeometry.lettersInView * smallestDisc) * letterWidth)
            height = min(height, Int(across.rounded(.down)))
        }
        return max(FontSizing.minimumLineHeight, min(Glyph.maximumHeight, height))
    }

    /// The message on one line.
    mutating func line(for text: String) -> TextLayout {
        prepare(text).layout
    }

    /// The average letter of the message's font, in font pixels.
    mutating func letterWidth(for text: String) -> Double? {
        _ = prepare(text)
        return line?.letterWidth
    }

    private mutating func prepare(_ text: String) -> (font: any GlyphSource, layout: TextLayout) {
        // Field by field: `if let line` would copy the whole entry (every
        // array of the layout retained and released) on every frame.
        if line?.text == text, let font = line?.font, let layout = line?.layout { return (font, layout) }
        let font = fonts.source(for: text)
        let layout = TextLayout(text: text, font: font)
        line = (text, font, layout, TextLayout.averageLetterWidth(font: font))
        return (font, layout)
    }

    /// The message at rest for the geometry's panel: one page when it is
    /// laid out whole, several when it is paged, none when no LED size
    /// fits (plain text then).
    mutating func restPages(for text: String, geometry: ScreenGeometry, maximumScale: Int?) -> [RestLayout] {
        // The classic grid's LEDs keep their size: the message is laid out
        // on the panel of big LEDs, a font pixel one LED, and fills the
        // sign's height as a real sign's letters do (no dark margin).
        let ledSize = geometry.grid.isClassic ? geometry.scale : 0
        let key = RestKey(text: text, panelColumns: geometry.panelColumns, panelRows: geometry.panelRows, maximumScale: maximumScale,
                          ledSize: ledSize)
        if let rest, rest.key == key { return rest.pages }
        let (font, whole) = prepare(text)
        let pages = ledSize > 0
            ? RestLayout.pages(text: text, font: font, panelColumns: geometry.panelColumns / ledSize,
                               panelRows: geometry.panelRows / ledSize, maximumScale: 1, whole: whole, margin: 0)
                .map { $0.enlarged(by: ledSize) }
            : RestLayout.pages(text: text, font: font, panelColumns: geometry.panelColumns, panelRows: geometry.panelRows,
                               maximumScale: maximumScale, whole: whole)
        rest = (key, pages)
        return pages
    }

    /// The message wrapped into all its lines for the `vertical` mode, at
    /// the scrolling scale, and how they move; nil when no line fits.
    mutating func strip(for text: String, geometry: ScreenGeometry) -> (layout: RestLayout, run: Vertical.Run)? {
        let ledSize = geometry.grid.isClassic ? geometry.scale : 0
        let key = RestKey(text: text, panelColumns: geometry.panelColumns, panelRows: geometry.panelRows, maximumScale: geometry.scale,
                          ledSize: ledSize)
        if let strip, strip.key == key { return strip.made }
        let (font, whole) = prepare(text)
        // As the pages: the classic grid's strip is laid out in big LEDs.
        let layout = ledSize > 0
            ? RestLayout.strip(text: text, font: font, panelColumns: geometry.panelColumns / ledSize,
                               panelRows: geometry.panelRows / ledSize, scale: 1, whole: whole, margin: 0)?.enlarged(by: ledSize)
            : geometry.scale > 0 ? RestLayout.strip(text: text, font: font, panelColumns: geometry.panelColumns,
                                                    panelRows: geometry.panelRows, scale: geometry.scale, whole: whole) : nil
        let made = layout.map {
            (layout: $0, run: Vertical.Run(strip: $0, panelRows: geometry.panelRows, characters: text.count, step: max(1, ledSize)))
        }
        strip = (key, made)
        return made
    }

    /// The page the scene shows at rest (or the `vertical` mode's window on
    /// its strip); nil when the message is shown as plain text.
    private mutating func rest(for text: String, scene: MarqueeScene, maximumScale: Int?) -> RestLayout? {
        guard scene.placement == .rest else { return nil }
        if let rows = scene.verticalRows, let strip = strip(for: text, geometry: scene.geometry) {
            return strip.layout.window(movedUp: rows, panelRows: scene.geometry.panelRows, linesInView: strip.run.inView,
                                       period: strip.run.period)
        }
        let pages = restPages(for: text, geometry: scene.geometry, maximumScale: maximumScale)
        guard !pages.isEmpty else { return nil }
        return pages[min(scene.page?.index ?? 0, pages.count - 1)]
    }

    /// How the state's current message measures on a terminal of this size
    /// (asked after every input, so it is kept until the cue or size changes).
    mutating func measure(_ state: PlayerState, columns: Int, rows: Int) -> MessageMeasure {
        guard !state.signZones.isEmpty else { return measureMain(state, columns: columns, rows: rows) }
        let plan = zonePlan(state, columns: columns, rows: rows)
        var measure = measureMain(state, columns: plan.mainColumns, rows: plan.mainRows)
        let mainLEDRows = state.geometry(columns: plan.mainColumns, rows: plan.mainRows, lineHeight: 1).ledAreaRows
        measure.zoneLEDsPerCharacter = zones.scrollRates(state, fonts: fonts, plan: plan, mainLEDRows: mainLEDRows)
        return measure
    }

    /// Where the zones and the main sign go on this terminal.
    private mutating func zonePlan(_ state: PlayerState, columns: Int, rows: Int) -> ZonePlan {
        if let plan = zones.knownPlan(state, fontHeight: fittedHeight, columns: columns, rows: rows) { return plan }
        let text = state.shownCue.text
        let height = line(for: text).inkRows.count
        let letterWidth = letterWidth(for: text)
        return zones.plan(state, fonts: fonts, fontHeight: fittedHeight, columns: columns, rows: rows) { columns, rows in
            state.geometry(columns: columns, rows: rows, lineHeight: height, letterWidth: letterWidth).scale
        }
    }

    private mutating func measureMain(_ state: PlayerState, columns: Int, rows: Int) -> MessageMeasure {
        fit(state, columns: columns, rows: rows)
        let cue = state.shownCue
        let layout = line(for: cue.text)
        let key = MeasureKey(cue: cue, geometry: state.geometry(columns: columns, rows: rows, lineHeight: layout.inkRows.count,
                                                                letterWidth: letterWidth(for: cue.text)),
                             atRest: state.placementKind == .rest)
        if let measured, measured.key == key { return measured.measure }
        // Pages only matter at rest: a scrolling message lays out none.
        let pages = key.atRest ? restPages(for: cue.text, geometry: key.geometry, maximumScale: state.settings.scale).count : 1
        let vertical = state.shownMode == .vertical ? strip(for: cue.text, geometry: key.geometry)?.run : nil
        let measure = MessageMeasure(layout: layout, geometry: key.geometry, plainText: cue.displayText,
                                     caption: cue.displayCaption, restPages: pages, vertical: vertical)
        measured = (key, measure)
        return measure
    }

    /// The frame the state shows at `t`.
    mutating func frame(_ state: PlayerState, at t: Double, columns: Int, rows: Int) -> (scene: MarqueeScene, frame: () -> FrameModel) {
        guard !state.signZones.isEmpty else { return mainFrame(state, at: t, columns: columns, rows: rows) }
        let plan = zonePlan(state, columns: columns, rows: rows)
        let (scene, main) = mainFrame(state, at: t, columns: plan.mainColumns, rows: plan.mainRows)
        let shown = zones.scenes(state, fonts: fonts, plan: plan, mainLEDRows: scene.geometry.ledAreaRows, at: t)
        let parts = zones.frames(for: shown)
        let frame = ZoneComposer.compose(main: main(), mainLEDRows: scene.geometry.ledAreaRows, plan: plan, zones: parts)
        return (scene, { frame })
    }

    private mutating func mainFrame(_ state: PlayerState, at t: Double, columns: Int,
                                    rows: Int) -> (scene: MarqueeScene, frame: () -> FrameModel) {
        fit(state, columns: columns, rows: rows)
        let text = state.shownCue.text
        let layout = line(for: text)
        let scene = self.scene(state, at: t, columns: columns, rows: rows, lineHeight: layout.inkRows.count)
        let rest = self.rest(for: text, scene: scene, maximumScale: state.settings.scale)
        return (scene, { FrameComposer.compose(scene, layout: layout, rest: rest) })
    }

    /// The LEDs the state shows at `t`, for a picture of the sign
    /// (docs/export.md): the same scene and layouts as `frame`, drawn as
    /// LEDs rather than cells.
    mutating func leds(_ state: PlayerState, at t: Double, columns: Int, rows: Int) -> LEDPanel {
        guard !state.signZones.isEmpty else { return mainLEDs(state, at: t, columns: columns, rows: rows).panel }
        // The whole sign, as the terminal shows it (docs/zones.md, "Pictures"):
        // the main sign's LEDs and each zone's at their regions.
        let plan = zonePlan(state, columns: columns, rows: rows)
        let (panel, scene) = mainLEDs(state, at: t, columns: plan.mainColumns, rows: plan.mainRows)
        let shown = zones.scenes(state, fonts: fonts, plan: plan, mainLEDRows: scene.geometry.ledAreaRows, at: t)
        return LEDPanel.zoned(main: panel, mainGeometry: scene.geometry, style: scene.style, plan: plan,
                              zones: zones.leds(for: shown))
    }

    /// The main sign's LEDs at `t` on `columns` x `rows`, and its scene.
    private mutating func mainLEDs(_ state: PlayerState, at t: Double, columns: Int,
                                   rows: Int) -> (panel: LEDPanel, scene: MarqueeScene) {
        fit(state, columns: columns, rows: rows)
        let text = state.shownCue.text
        let layout = line(for: text)
        let scene = self.scene(state, at: t, columns: columns, rows: rows, lineHeight: layout.inkRows.count)
        return (LEDPanel(scene, layout: layout, rest: rest(for: text, scene: scene, maximumScale: state.settings.scale)), scene)
    }

    /// The state's scene at `t`, from the template kept while the state and
    /// the sizes stay as they were: a frame tick computes only the times.
    private mutating func scene(_ state: PlayerState, at t: Double, columns: Int, rows: Int, lineHeight: Int) -> MarqueeScene {
        let letterWidth = line?.letterWidth
        if let template, template.fits(state, columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: letterWidth) {
            return state.scene(at: t, from: template)
        }
        let made = state.sceneTemplate(columns: columns, rows: rows, lineHeight: lineHeight, letterWidth: letterWidth)
        template = made
        return state.scene(at: t, from: made)
    }

    /// The scene the state shows at `t`, and its frame unless that scene is
    /// `shown` already (then nil). A scroll step of the frame composed last
    /// is composed by shifting it in place (`FrameComposer.step`).
    mutating func changedFrame(_ state: PlayerState, at t: Double, columns: Int, rows: Int,
                               shown: MarqueeScene?) -> (scene: MarqueeScene, frame: FrameModel?) {
        guard !state.signZones.isEmpty else {
            let (scene, layout) = mainScene(state, at: t, columns: columns, rows: rows)
            guard scene != shown else { return (scene, nil) }
            return (scene, mainFrame(state, scene: scene, layout: layout))
        }
        let plan = zonePlan(state, columns: columns, rows: rows)
        let (scene, layout) = mainScene(state, at: t, columns: plan.mainColumns, rows: plan.mainRows)
        let mainLEDRows = scene.geometry.ledAreaRows
        let parts = zones.scenes(state, fonts: fonts, plan: plan, mainLEDRows: mainLEDRows, at: t)
        let zonesHold = parts.map(\.scene) == zones.drawn
        guard scene != shown || !zonesHold else { return (scene, nil) }
        // The main frame kept when only a zone changed; else stepped or composed.
        let main = (keptScene == scene ? keptFrame : nil) ?? mainFrame(state, scene: scene, layout: layout)
        // Only the main sign stepped: the last whole frame, stepped as it
        // was, carries the step to the screen (taken out, so it is not copied).
        if zonesHold, case (var frame, let keptPlan, let mainStamp)? = keptZoned.take(), keptPlan == plan {
            if ZoneComposer.step(&frame, since: mainStamp, to: main, mainLEDRows: mainLEDRows, plan: plan) {
                keptZoned = (frame, plan, main.stamp)
                return (scene, frame)
            }
        }
        let frame = ZoneComposer.compose(main: main, mainLEDRows: mainLEDRows, plan: plan, zones: zones.frames(for: parts))
        keptZoned = (frame, plan, main.stamp)
        return (scene, frame)
    }

    /// The main sign's scene at `t` and its one-line layout.
    private mutating func mainScene(_ state: PlayerState, at t: Double, columns: Int,
                                    rows: Int) -> (scene: MarqueeScene, layout: TextLayout) {
        let layout: TextLayout
        if steady?.changeCount == state.changeCount, steady?.columns == columns, steady?.rows == rows, let known = steady?.layout {
            layout = known
        } else {
            fit(state, columns: columns, rows: rows)
            layout = line(for: state.shownCue.text)
            steady = (state.changeCount, columns, rows, layout)
        }
        return (self.scene(state, at: t, columns: columns, rows: rows, lineHeight: layout.inkRows.count), layout)
    }

    /// The main sign's frame of `scene`: a scroll step of the frame
    /// composed last when it is one, else composed.
    private mutating func mainFrame(_ state: PlayerState, scene: MarqueeScene, layout: TextLayout) -> FrameModel {
        // Taken out, not copied: the frame is then held here alone, and the
        // step changes it in place (the screen keeps a copy of its own).
        if let oldScene = keptScene.take(), var frame = keptFrame.take(),
           FrameComposer.step(&frame, from: oldScene, to: scene, layout: layout) {
            keptScene = scene
            keptFrame = frame
            return frame
        }
        let rest = self.rest(for: state.shownCue.text, scene: scene, maximumScale: state.settings.scale)
        let frame = FrameComposer.compose(scene, layout: layout, rest: rest)
        keptScene = scene
        keptFrame = frame
        return frame
    }
}
