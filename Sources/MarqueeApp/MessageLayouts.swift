import MarqueeCore

/// The layouts of the message on the sign, built once per message (and,
/// for the rest layout, per panel size) and kept, so frames only read them:
/// the one-line layout that scrolls, the wrapped rest layout, and the
/// measure the player's timing needs.
struct MessageLayouts {
    let fonts: FontSelection
    private var line: (text: String, layout: TextLayout)?
    private var rest: (key: RestKey, layout: RestLayout?)?

    private struct RestKey: Equatable {
        var text: String
        var panelColumns: Int
        var panelRows: Int
        var maximumScale: Int?
    }

    init(fonts: FontSelection) {
        self.fonts = fonts
    }

    /// The message on one line.
    mutating func line(for text: String) -> TextLayout {
        if let line, line.text == text { return line.layout }
        let layout = TextLayout(text: text, font: fonts.source(for: text))
        line = (text, layout)
        return layout
    }

    /// The message laid out whole for the geometry's panel; nil when it
    /// cannot be shown whole in LEDs.
    mutating func rest(for text: String, geometry: ScreenGeometry, maximumScale: Int?) -> RestLayout? {
        let key = RestKey(text: text, panelColumns: geometry.panelColumns, panelRows: geometry.panelRows, maximumScale: maximumScale)
        if let rest, rest.key == key { return rest.layout }
        let layout = RestLayout(text: text, font: fonts.source(for: text), panelColumns: geometry.panelColumns,
                                panelRows: geometry.panelRows, maximumScale: maximumScale, whole: line(for: text))
        rest = (key, layout)
        return layout
    }

    /// How the state's current message measures on a terminal of this size.
    mutating func measure(_ state: PlayerState, columns: Int, rows: Int) -> MessageMeasure {
        let cue = state.currentCue
        let layout = line(for: cue.text)
        let geometry = state.geometry(columns: columns, rows: rows, lineHeight: layout.inkRows.count)
        return MessageMeasure(layout: layout, geometry: geometry, plainText: cue.displayText, caption: cue.displayCaption)
    }

    /// The frame the state shows at `t`.
    mutating func frame(_ state: PlayerState, at t: Double, columns: Int, rows: Int) -> (scene: MarqueeScene, frame: () -> FrameModel) {
        let text = state.currentCue.text
        let layout = line(for: text)
        let scene = state.scene(at: t, columns: columns, rows: rows, lineHeight: layout.inkRows.count)
        let rest = scene.placement == .rest ? self.rest(for: text, geometry: scene.geometry, maximumScale: state.settings.scale) : nil
        return (scene, { FrameComposer.compose(scene, layout: layout, rest: rest) })
    }
}
