import MarqueeCore

/// The layouts of the message on the sign, built once per message (and,
/// for the rest layout and the measure, per terminal size) and kept, so
/// frames and inputs only read them: the one-line layout that scrolls, the
/// wrapped rest layout, and the measure the player's timing needs.
struct MessageLayouts {
    let fonts: FontStack
    /// The message's glyph source (choosing it prepares the text, which runs
    /// FriBidi) and its one-line layout.
    private var line: (text: String, font: any GlyphSource, layout: TextLayout)?
    private var rest: (key: RestKey, layout: RestLayout?)?
    private var measured: (key: MeasureKey, measure: MessageMeasure)?
    /// The last frame composed and its scene: the next scroll step shifts it.
    private var kept: (scene: MarqueeScene, frame: FrameModel)?

    private struct RestKey: Equatable {
        var text: String
        var panelColumns: Int
        var panelRows: Int
        var maximumScale: Int?
    }

    private struct MeasureKey: Equatable {
        var cue: Cue
        var geometry: ScreenGeometry
    }

    init(fonts: FontStack) {
        self.fonts = fonts
    }

    /// The message on one line.
    mutating func line(for text: String) -> TextLayout {
        prepare(text).layout
    }

    private mutating func prepare(_ text: String) -> (font: any GlyphSource, layout: TextLayout) {
        // Field by field: `if let line` would copy the whole entry (every
        // array of the layout retained and released) on every frame.
        if line?.text == text, let font = line?.font, let layout = line?.layout { return (font, layout) }
        let font = fonts.source(for: text)
        let layout = TextLayout(text: text, font: font)
        line = (text, font, layout)
        return (font, layout)
    }

    /// The message laid out whole for the geometry's panel; nil when it
    /// cannot be shown whole in LEDs.
    mutating func rest(for text: String, geometry: ScreenGeometry, maximumScale: Int?) -> RestLayout? {
        let key = RestKey(text: text, panelColumns: geometry.panelColumns, panelRows: geometry.panelRows, maximumScale: maximumScale)
        if let rest, rest.key == key { return rest.layout }
        let (font, whole) = prepare(text)
        let layout = RestLayout(text: text, font: font, panelColumns: geometry.panelColumns, panelRows: geometry.panelRows,
                                maximumScale: maximumScale, whole: whole)
        rest = (key, layout)
        return layout
    }

    /// How the state's current message measures on a terminal of this size
    /// (asked after every input, so it is kept until the cue or size changes).
    mutating func measure(_ state: PlayerState, columns: Int, rows: Int) -> MessageMeasure {
        let cue = state.shownCue
        let layout = line(for: cue.text)
        let key = MeasureKey(cue: cue, geometry: state.geometry(columns: columns, rows: rows, lineHeight: layout.inkRows.count))
        if let measured, measured.key == key { return measured.measure }
        let measure = MessageMeasure(layout: layout, geometry: key.geometry, plainText: cue.displayText,
                                     caption: cue.displayCaption)
        measured = (key, measure)
        return measure
    }

    /// The frame the state shows at `t`.
    mutating func frame(_ state: PlayerState, at t: Double, columns: Int, rows: Int) -> (scene: MarqueeScene, frame: () -> FrameModel) {
        let text = state.shownCue.text
        let layout = line(for: text)
        let scene = state.scene(at: t, columns: columns, rows: rows, lineHeight: layout.inkRows.count)
        let rest = scene.placement == .rest ? self.rest(for: text, geometry: scene.geometry, maximumScale: state.settings.scale) : nil
        return (scene, { FrameComposer.compose(scene, layout: layout, rest: rest) })
    }

    /// The scene the state shows at `t`, and its frame unless that scene is
    /// `shown` already (then nil). A scroll step of the frame composed last
    /// is composed by shifting it in place (`FrameComposer.step`).
    mutating func changedFrame(_ state: PlayerState, at t: Double, columns: Int, rows: Int,
                               shown: MarqueeScene?) -> (scene: MarqueeScene, frame: FrameModel?) {
        let text = state.shownCue.text
        let layout = line(for: text)
        let scene = state.scene(at: t, columns: columns, rows: rows, lineHeight: layout.inkRows.count)
        guard scene != shown else { return (scene, nil) }
        let rest = scene.placement == .rest ? self.rest(for: text, geometry: scene.geometry, maximumScale: state.settings.scale) : nil
        if let oldScene = kept?.scene, var frame = kept?.frame {
            // Let go of the kept copy first: the frame is then held here
            // alone, and the step changes it in place.
            kept = nil
            if FrameComposer.step(&frame, from: oldScene, to: scene, layout: layout) {
                kept = (scene, frame)
                return (scene, frame)
            }
        }
        let frame = FrameComposer.compose(scene, layout: layout, rest: rest)
        kept = (scene, frame)
        return (scene, frame)
    }
}
