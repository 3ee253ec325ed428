/// The sign's LED panel as LEDs, not terminal cells: one ink per LED, row
/// by row, for pictures of the sign (`--export`, docs/export.md). It is
/// read from the same painter that draws the cells (`PanelPainter`: which
/// LEDs are lit, their hue, glow), so a picture never parses glyphs back
/// into LEDs and shows every LED the terminal shows, at the LED's own
/// resolution: on the fine grid one LED per panel unit (a braille dot, a
/// half block, a dot), on the classic grid one per big LED.
public struct LEDPanel: Sendable, Equatable {
    /// How an LED is drawn: a disc or a square, with the gap around it.
    public enum Shape: Sendable, Equatable {
        case round, square
    }

    public let columns: Int
    public let rows: Int
    public let shape: Shape
    /// `Ink.code` of every LED, row by row; 0 (`Ink.plain`) is no LED at
    /// all, only the gap (a dark sign).
    public private(set) var inks: [UInt8]
    /// The message's own colour, nil for the sign's (as `FrameModel.ledColor`).
    public var color: LEDColor?
    /// Every LED's brightness, 1 in full (as `FrameModel.ledBrightness`).
    public var brightness: Double
    /// The terminal would show this moment's message as plain text (no
    /// LED size fits it): the panel is unlit, and the exporter says so.
    public internal(set) var showsPlainText = false

    public init(columns: Int, rows: Int, shape: Shape, fill: Ink = .led(.unlit, hue: 0), color: LEDColor? = nil,
                brightness: Double = 1) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.shape = shape
        inks = Array(repeating: UInt8(fill.code), count: self.columns * self.rows)
        self.color = color
        self.brightness = brightness
    }

    public subscript(column: Int, row: Int) -> Ink {
        get { Ink(code: Int(inks[row * columns + column])) }
        set { inks[row * columns + column] = UInt8(newValue.code) }
    }

    /// The panel's size in LEDs for a scene: the fine grid's units, or the
    /// classic grid's big LEDs (`scale` units each way).
    public static func size(of scene: MarqueeScene) -> (columns: Int, rows: Int) {
        let geometry = scene.geometry
        let size = geometry.ledPitch
        return (geometry.panelColumns / size, geometry.panelRows / size)
    }

    /// The shape the scene's LEDs have: the classic grid's own; on the
    /// fine grid, round for `dots` and square for the block styles.
    public static func shape(of scene: MarqueeScene) -> Shape {
        switch scene.grid {
        case .round: .round
        case .square: .square
        case .fine: scene.style == .dots ? .round : .square
        }
    }

    /// The LEDs of `scene`: `rest` is the page shown at rest, as for
    /// `FrameComposer.compose`. A dark scene is gap only; a scene the
    /// terminal would show as plain text (the panel too small for LED
    /// text) is the panel unlit, as no letters could be drawn in LEDs.
    public init(_ scene: MarqueeScene, layout: TextLayout, rest: RestLayout?) {
        let (columns, rows) = LEDPanel.size(of: scene)
        self.init(columns: columns, rows: rows, shape: LEDPanel.shape(of: scene), fill: scene.dark ? .plain : .led(.unlit, hue: 0),
                  color: scene.color, brightness: scene.brightness)
        guard !scene.dark else { return }
        // On the classic grid every unit of a big LED reads the font pixel
        // of its first, as `paintClassic` does.
        let size = scene.geometry.ledPitch
        var inks = self.inks
        func read(_ painter: inout PanelPainter) {
            for row in 0..<rows {
                for column in 0..<columns {
                    let (x, y) = (column * size, row * size)
                    inks[row * columns + column] = UInt8(painter.ink(lit: painter.isLit(column: x, row: y), column: x, row: y).code)
                }
            }
        }
        if let mode = scene.mode, ModeComposer.withPainter(scene, mode: mode, layout: layout, rest: rest, read) != nil {
            // A display mode's frame, as the terminal draws it.
        } else if case .scrolling = scene.placement, scene.geometry.scale > 0 {
            FrameComposer.withScrollingPainter(scene, layout: layout, read)
        } else if scene.placement == .rest, let rest, scene.geometry.panelColumns > 0 {
            FrameComposer.withRestPainter(scene, rest: rest, read)
        } else {
            showsPlainText = true
            return
        }
        self.inks = inks
    }
}
