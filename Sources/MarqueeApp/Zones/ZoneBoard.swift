import MarqueeCore

/// The zones as the host draws them (docs/zones.md): each zone's texts
/// with their live fields filled, laid out once in the sign's fonts, the
/// region each takes (``ZonePlan``), and each zone's last scene and frame,
/// so a zone that did not change costs a comparison of scenes and one that
/// scrolls is stepped in place as the main sign is (`FrameComposer.step`).
struct ZoneBoard {
    /// One zone: its texts as cues (fields found once), the layouts of
    /// the texts it showed lately, and what it drew last.
    private struct Slot {
        let zone: SignZone
        let cues: [Cue]
        /// The last filled text of each cue, made a cue as the main sign's is.
        var filled: [String: Cue] = [:]
        var lines: [String: Line] = [:]
        var rest: (key: RestKey, page: RestLayout?)?
        var keptScene: MarqueeScene?
        var keptFrame: FrameModel?
    }

    /// A text on one line, its font and that font's average letter.
    struct Line {
        let font: any GlyphSource
        let layout: TextLayout
        let letterWidth: Double?
    }

    private struct RestKey: Equatable {
        var text: String
        var panelColumns: Int
        var panelRows: Int
        var ledSize: Int
    }

    /// A zone's scene this frame and the line it shows.
    struct Shown {
        let edge: SignZone.Edge
        let scene: MarqueeScene
        let line: Line
        let text: String
    }

    /// Texts whose layouts a zone keeps: a clock's minutes come and go.
    private static let keptLines = 8

    private var slots: [Slot] = []
    /// What the slots were built for: the zones and the height fonts are drawn at.
    private var builtFor: (zones: [SignZone], fontHeight: Int?)?
    private var reader = FieldReader()
    /// The engine time of the last scenes: when a zone's file was read.
    private var lastTime = 0.0
    /// The plan last made, and the LED size of its side zones' letters.
    private var planned: (key: PlanKey, plan: ZonePlan, sideScale: Int)?
    /// The zones' scenes of the frame drawn last.
    private(set) var drawn: [MarqueeScene] = []

    private struct PlanKey: Equatable {
        var changeCount: Int
        var columns: Int
        var rows: Int
        var fontHeight: Int?
    }

    /// Reads the zones' time fields on `wallNow` (a snapshot's virtual
    /// wall clock) instead of the machine's.
    mutating func readWallClock(_ wallNow: @escaping () -> Double) {
        reader.wallNow = wallNow
    }

    /// Starts afresh when the zones or the fonts changed.
    private mutating func follow(_ zones: [SignZone], fontHeight: Int?) {
        guard builtFor?.zones != zones || builtFor?.fontHeight != fontHeight else { return }
        builtFor = (zones, fontHeight)
        slots = zones.map { Slot(zone: $0, cues: $0.texts.map { Cue(text: $0) }) }
        planned = nil
        drawn = []
    }

    /// The plan made last, when it is still the one for this state, these
    /// zones and this size: a frame tick finds it without reading the
    /// message (whose length a frame's work must not follow).
    func knownPlan(_ state: PlayerState, fontHeight: Int?, columns: Int, rows: Int) -> ZonePlan? {
        guard let planned, builtFor?.zones == state.signZones,
              planned.key == PlanKey(changeCount: state.changeCount, columns: columns, rows: rows, fontHeight: fontHeight)
        else { return nil }
        return planned.plan
    }

    /// Where the zones go on a terminal of `columns` x `rows`: a side zone
    /// as wide as its widest text, unless it asked. `mainScale` is the LED
    /// size of the main sign's letters on a region of that many columns and
    /// rows: a side zone's letters are the largest no bigger than the main
    /// sign's beside them, so a label and the line it labels match.
    mutating func plan(_ state: PlayerState, fonts: FontStack, fontHeight: Int?, columns: Int, rows: Int,
                       mainScale: (_ columns: Int, _ rows: Int) -> Int) -> ZonePlan {
        follow(state.signZones, fontHeight: fontHeight)
        let key = PlanKey(changeCount: state.changeCount, columns: columns, rows: rows, fontHeight: fontHeight)
        if let planned, planned.key == key { return planned.plan }
        let ledAreaRows = state.geometry(columns: columns, rows: rows, lineHeight: 1).ledAreaRows
        let lines = slots.filter { !$0.zone.edge.isSide }.count
        let share = ledAreaRows / (lines + 1)
        let mainRows = rows - lines * share
        // Largest first: a few LED sizes at most, each a handful of widths
        // (each cut to the third of the width the plan allows). A classic
        // LED stays at least two units where the main sign's is: one
        // would be a dot, the fine panel's look.
        var scale = max(1, mainScale(columns, mainRows))
        let least = state.settings.grid.isClassic ? min(scale, ScreenGeometry.smallestClassicLED) : 1
        var cells = sideCells(state, fonts: fonts, scale: scale)
        while scale > least, mainScale(columns - cells.values.reduce(0) { $0 + min(columns / 3, $1) }, mainRows) < scale {
            scale -= 1
            cells = sideCells(state, fonts: fonts, scale: scale)
        }
        let plan = ZonePlan(columns: columns, rows: rows, zones: state.signZones, ledAreaRows: ledAreaRows, sideCells: cells)
        planned = (key, plan, scale)
        return plan
    }

    /// The cells each side zone takes with letters of `scale`: its widest
    /// text, the rest layout's dark margin each side and an LED of gap.
    private mutating func sideCells(_ state: PlayerState, fonts: FontStack, scale: Int) -> [SignZone.Edge: Int] {
        var cells: [SignZone.Edge: Int] = [:]
        for index in slots.indices where slots[index].zone.edge.isSide {
            if let width = slots[index].zone.width {
                cells[slots[index].zone.edge] = width
                continue
            }
            let pitch = state.settings.grid.isClassic ? scale : 1
            let leds = slots[index].cues.map { cue in
                line(for: filled(cue, slot: index, state: state), slot: index, fonts: fonts).layout.width * scale
                    + 2 * (RestLayout.margin + pitch)
            }.max() ?? 0
            cells[slots[index].zone.edge] = state.zoneCells(forLEDs: leds)
        }
        return cells
    }

    /// Each zone's scene at `t` in `plan`, beside a main sign whose LED
    /// area is `mainLEDRows` high.
    mutating func scenes(_ state: PlayerState, fonts: FontStack, plan: ZonePlan, mainLEDRows: Int, at t: Double) -> [Shown] {
        lastTime = t
        let elapsed = state.zoneSeconds(at: t)
        return slots.indices.map { index in
            let zone = slots[index].zone
            let region = plan.region(of: zone.edge, mainLEDRows: mainLEDRows)
            let textIndex = zone.textIndex(elapsed: elapsed)
            let text = filled(slots[index].cues[textIndex], slot: index, state: state)
            let line = line(for: text, slot: index, fonts: fonts)
            let geometry = ZoneBoard.geometry(state, line: line, edge: zone.edge, columns: region.columns, rows: region.rows,
                                              sideScale: sideScale)
            let scrolls = state.zonesMayScroll && geometry.scale > 0 && line.layout.width * geometry.scale > geometry.panelColumns
            let scene = state.zoneScene(geometry: geometry, textID: index * SignZone.maximumTexts + textIndex,
                                        plainText: slots[index].filled[text]?.displayText ?? TerminalLine(text), scrolls: scrolls,
                                        ledsPerCharacter: ZoneBoard.ledsPerCharacter(line, geometry), at: t)
            return Shown(edge: zone.edge, scene: scene, line: line, text: text)
        }
    }

    /// The LEDs a character of each zone text too wide for its region at
    /// `plan` (the zones then need a frame at its steps:
    /// ``MessageMeasure/zoneLEDsPerCharacter``); empty when none scrolls.
    mutating func scrollRates(_ state: PlayerState, fonts: FontStack, plan: ZonePlan, mainLEDRows: Int) -> [Double] {
        guard state.zonesMayScroll else { return [] }
        var rates: Set<Double> = []
        for index in slots.indices {
            let zone = slots[index].zone
            let region = plan.region(of: zone.edge, mainLEDRows: mainLEDRows)
            for cue in slots[index].cues {
                let line = line(for: filled(cue, slot: index, state: state), slot: index, fonts: fonts)
                let geometry = ZoneBoard.geometry(state, line: line, edge: zone.edge, columns: region.columns, rows: region.rows,
                                                  sideScale: sideScale)
                if geometry.scale > 0, line.layout.width * geometry.scale > geometry.panelColumns {
                    rates.insert(ZoneBoard.ledsPerCharacter(line, geometry))
                }
            }
        }
        return rates.sorted()
    }

    /// Panel LEDs in a character of the speed's unit for `line` on
    /// `geometry`: half its letters' height, as the main sign's
    /// (``MessageMeasure/ledsPerCharacter``).
    static func ledsPerCharacter(_ line: Line, _ geometry: ScreenGeometry) -> Double {
        Double(line.layout.em * max(1, geometry.scale)) / 2
    }

    /// The LED size of the side zones' letters in the plan made last.
    private var sideScale: Int { planned?.sideScale ?? 1 }

    /// The panel of a zone's region for `line`. A line above or below the
    /// sign keeps its letters readable across its width, as the main sign
    /// does; a side zone's letters are `sideScale` (the plan's), so a label
    /// matches the text beside it rather than filling the height.
    static func geometry(_ state: PlayerState, line: Line, edge: SignZone.Edge, columns: Int, rows: Int,
                         sideScale: Int) -> ScreenGeometry {
        let height = line.layout.inkRows.count
        guard edge.isSide else {
            return state.zoneGeometry(columns: columns, rows: rows, lineHeight: height, letterWidth: line.letterWidth)
        }
        return state.zoneGeometry(columns: columns, rows: rows, lineHeight: height, letterWidth: nil, maximumScale: sideScale)
    }

    /// Each zone's frame for `shown` (``scenes(_:fonts:plan:mainLEDRows:at:)``):
    /// the one kept when its scene did not change, a scroll step of it, or
    /// a compose. Remembers the scenes as drawn.
    mutating func frames(for shown: [Shown]) -> [(edge: SignZone.Edge, frame: FrameModel)] {
        drawn = shown.map(\.scene)
        return shown.indices.map { index in
            let scene = shown[index].scene
            if slots[index].keptScene == scene, let frame = slots[index].keptFrame { return (shown[index].edge, frame) }
            let layout = shown[index].line.layout
            let frame: FrameModel
            if let oldScene = slots[index].keptScene.take(), var kept = slots[index].keptFrame.take(),
               FrameComposer.step(&kept, from: oldScene, to: scene, layout: layout) {
                frame = kept
            } else {
                frame = FrameComposer.compose(scene, layout: layout, rest: rest(for: shown[index], slot: index))
            }
            slots[index].keptScene = scene
            slots[index].keptFrame = frame
            return (shown[index].edge, frame)
        }
    }

    /// Each zone's LEDs for `shown`, for a picture of the sign
    /// (docs/export.md): the same scenes and layouts as ``frames(for:)``,
    /// drawn as LEDs. The kept frames and the scenes drawn are left as they
    /// were, so a picture of a playing sign does not disturb its frames.
    mutating func leds(for shown: [Shown]) -> [(edge: SignZone.Edge, panel: LEDPanel, geometry: ScreenGeometry)] {
        shown.indices.map { index in
            let scene = shown[index].scene
            let panel = LEDPanel(scene, layout: shown[index].line.layout, rest: rest(for: shown[index], slot: index))
            return (shown[index].edge, panel, scene.geometry)
        }
    }

    /// The text a zone's cue shows now: its fields filled from the wall
    /// clock and the power reading, made safe as a message's are
    /// (`Cue.filled`); the written text when it has none.
    private mutating func filled(_ cue: Cue, slot: Int, state: PlayerState) -> String {
        guard cue.fields != nil else {
            if slots[slot].filled[cue.text] == nil { slots[slot].filled[cue.text] = cue }
            return cue.text
        }
        let reading = reader.fill(cue, messageID: 0, power: state.power, now: lastTime,
                                  fileInterval: state.tier.reloadCheckInterval).filled.text
        if let known = slots[slot].filled[reading] { return known.text }
        if slots[slot].filled.count >= ZoneBoard.keptLines { slots[slot].filled = [:] }
        let made = cue.filled(text: reading, caption: nil)
        slots[slot].filled[reading] = made
        slots[slot].filled[made.text] = made
        return made.text
    }

    /// `text` on one line in the sign's fonts, kept while it shows.
    private mutating func line(for text: String, slot: Int, fonts: FontStack) -> Line {
        if let line = slots[slot].lines[text] { return line }
        if slots[slot].lines.count >= ZoneBoard.keptLines { slots[slot].lines = [:] }
        let font = fonts.source(for: text)
        let line = Line(font: font, layout: TextLayout(text: text, font: font), letterWidth: TextLayout.averageLetterWidth(font: font))
        slots[slot].lines[text] = line
        return line
    }

    /// The first page of a zone's text at rest: as the main sign lays a
    /// message out, a page of big LEDs on the classic grid.
    private mutating func rest(for shown: Shown, slot: Int) -> RestLayout? {
        let geometry = shown.scene.geometry
        guard shown.scene.placement == .rest else { return nil }
        let ledSize = geometry.grid.isClassic ? geometry.scale : 0
        let key = RestKey(text: shown.text, panelColumns: geometry.panelColumns, panelRows: geometry.panelRows, ledSize: ledSize)
        if let rest = slots[slot].rest, rest.key == key { return rest.page }
        let line = shown.line
        let page = ledSize > 0
            ? RestLayout.pages(text: shown.text, font: line.font, panelColumns: geometry.panelColumns / ledSize,
                               panelRows: geometry.panelRows / ledSize, maximumScale: 1, whole: line.layout, margin: 0)
                .first?.enlarged(by: ledSize)
            : RestLayout.pages(text: shown.text, font: line.font, panelColumns: geometry.panelColumns,
                               panelRows: geometry.panelRows, whole: line.layout).first
        slots[slot].rest = (key, page)
        return page
    }
}
