/// How wide the current message is on the current sign, in LEDs, at the
/// scrolling scale: what the player needs to know to decide whether a flow
/// message is held at rest and when a scrolling one has been shown whole.
/// The host computes it (it has the font and the terminal size) once per
/// message and size.
///
/// ```swift
/// let measure = MessageMeasure(layout: layout, geometry: geometry)
/// measure.fitsOnOneLine   // held at rest in a flow
/// ```
public struct MessageMeasure: Sendable, Hashable {
    /// Ink width of the message in panel LEDs.
    public var textLEDs: Int
    /// Width of the panel in LEDs.
    public var panelLEDs: Int
    /// The caption is too long for two rows and scrolls in its row.
    public var captionScrolls: Bool

    public init(textLEDs: Int, panelLEDs: Int, captionScrolls: Bool = false) {
        self.textLEDs = textLEDs
        self.panelLEDs = panelLEDs
        self.captionScrolls = captionScrolls
    }

    /// The message set on one line at the geometry's scale. A panel too
    /// small for LED text (scale 0) measures the plain text in cells.
    /// `caption` is the current message's caption, wrapped at the width of
    /// the terminal to see whether it needs to scroll.
    public init(layout: TextLayout, geometry: ScreenGeometry, plainText: TerminalLine, caption: TerminalLine?) {
        let captionScrolls = caption.map { CaptionLayout.lines(for: $0, width: geometry.columns) == nil } ?? false
        if geometry.scale > 0 {
            self.init(textLEDs: layout.inkWidth * geometry.scale, panelLEDs: geometry.panelColumns, captionScrolls: captionScrolls)
        } else {
            self.init(textLEDs: plainText.width, panelLEDs: geometry.columns, captionScrolls: captionScrolls)
        }
    }

    /// Whether the message fits across the sign with a dark LED either side.
    public var fitsOnOneLine: Bool { textLEDs <= panelLEDs - 2 * RestLayout.margin }
}
