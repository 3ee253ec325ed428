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
    /// Panel LEDs in one character of the speed's unit at the scrolling
    /// scale: half the letter height, an en (docs/scroll-clock.md,
    /// "Speed"); a cell for plain text. The scroll clock counts in
    /// characters, the panel in LEDs: this is the rate between them.
    public var ledsPerCharacter: Double
    /// Pages the message takes at rest (docs/display.md, "At rest"): 1
    /// when it is shown whole, or as plain text.
    public var restPages: Int
    /// The message wrapped into lines for the `vertical` mode; nil for
    /// every other mode, or when no LED size fits.
    public var vertical: Vertical.Run?
    /// Panel LEDs in one character of the speed's unit for each zone text
    /// too wide for its region, which scrolls (docs/zones.md, "Motion"):
    /// the zones then need a frame at each of their steps. Set by the host
    /// that measures the zones; empty without zones.
    public var zoneLEDsPerCharacter: [Double] = []

    public init(textLEDs: Int, panelLEDs: Int, captionScrolls: Bool = false, ledsPerCharacter: Double = 1,
                restPages: Int = 1, vertical: Vertical.Run? = nil) {
        self.textLEDs = textLEDs
        self.panelLEDs = panelLEDs
        self.captionScrolls = captionScrolls
        self.ledsPerCharacter = ledsPerCharacter.isFinite && ledsPerCharacter > 0 ? ledsPerCharacter : 1
        self.restPages = max(1, restPages)
        self.vertical = vertical
    }

    /// The message set on one line at the geometry's scale. A panel too
    /// small for LED text (scale 0) measures the plain text in cells.
    /// `caption` is the current message's caption, wrapped at the width of
    /// the terminal to see whether it needs to scroll.
    /// `restPages` is how many pages the rest layout takes (see
    /// ``RestLayout/pages(text:font:panelColumns:panelRows:maximumScale:whole:)``).
    public init(layout: TextLayout, geometry: ScreenGeometry, plainText: TerminalLine, caption: TerminalLine?,
                restPages: Int = 1, vertical: Vertical.Run? = nil) {
        let captionScrolls = caption.map { CaptionLayout.lines(for: $0, width: geometry.columns) == nil } ?? false
        if geometry.scale > 0 {
            self.init(textLEDs: layout.inkWidth * geometry.scale, panelLEDs: geometry.panelColumns, captionScrolls: captionScrolls,
                      ledsPerCharacter: Double(layout.em * geometry.scale) / 2, restPages: restPages, vertical: vertical)
        } else {
            self.init(textLEDs: plainText.width, panelLEDs: geometry.columns, captionScrolls: captionScrolls,
                      restPages: restPages)
        }
    }

    /// Whether the message fits across the sign with a dark LED either side.
    public var fitsOnOneLine: Bool { textLEDs <= panelLEDs - 2 * RestLayout.margin }
}
