/// Everything that decides what one frame looks like, already quantised to
/// what the terminal can show: two equal scenes draw identical frames, so a
/// tick whose scene did not change draws and writes nothing.
public struct MarqueeScene: Sendable, Equatable {
    /// Where the text sits horizontally on the panel.
    public enum Placement: Sendable, Equatable {
        /// Scrolled by this many panel LEDs from its entry position.
        case scrolling(ledOffset: Int, entry: Entry = .rightEdge)
        /// At rest: laid out whole (see `RestLayout`), or as plain text when
        /// the panel is too small for that.
        case rest
    }

    /// Where a message stands before it has moved.
    public enum Entry: Sendable, Equatable {
        /// Just beyond the right edge, entering: the classic marquee.
        case rightEdge
        /// Already in view (centred when it fits, else from its start), so a
        /// message of a rotating flow is readable the moment it appears.
        case inView
    }

    /// The countdown bar, in eighths of a cell so partial blocks draw smoothly.
    public struct Countdown: Sendable, Equatable {
        public var filledEighths: Int
        /// Drawn dim and frozen while automatic advance is not scheduled.
        public var frozen: Bool
        public init(filledEighths: Int, frozen: Bool) {
            self.filledEighths = filledEighths
            self.frozen = frozen
        }
    }

    public var geometry: ScreenGeometry
    public var style: LEDStyle
    /// The fine panel, or the classic sign's big LEDs (then `style` is
    /// ``LEDGrid/classicUnits``, the units the geometry is reckoned in).
    public var grid: LEDGrid
    /// Unlit LEDs beside a lit one drawn at the faintest shade: `--glow`,
    /// while decorative effects are allowed.
    public var glow: Bool
    /// How far, in panel units, a frame reads and repaints around the LEDs
    /// it changes: one LED pitch while glowing (a neighbour may start or
    /// stop glowing), none otherwise.
    public var glowReach: Int { glow ? geometry.ledPitch : 0 }
    /// No colour: unlit LEDs get a distinct character instead of a dim colour.
    public var monochrome: Bool
    /// The terminal's font and palette: which glyphs the painter may use.
    public var glyphs: TerminalGlyphs
    /// Changes whenever the message (and so its layout) changes.
    public var messageID: Int
    /// The sanitized message, for the plain-text fallback.
    public var plainText: TerminalLine
    public var placement: Placement
    public var litShade: LEDShade
    /// Rainbow hue offset; `nil` paints every LED in the one colour.
    public var rainbowPhase: Int?
    /// Whether the message's `{blink}` spans are in their dark half: their
    /// lit LEDs are drawn unlit (docs/display.md, "Inline markup").
    public var markupBlinkedOff = false
    /// The message's own LED colour; nil is the sign's `--color`. The frame
    /// carries it to the screen (``FrameModel/ledColor``).
    public var color: LEDColor?
    public var caption: TerminalLine?
    /// Cells a caption too long for its rows has scrolled by.
    public var captionOffset: Int
    public var countdown: Countdown?
    public var controls: String?
    public var help: [String]?
    /// Nothing on the LED panel, not even unlit LEDs: quiet hours off, or
    /// an idle flow without `--idle-message` (docs/schedules.md).
    public var dark: Bool
    /// Brightness of every LED, 1 in full; quiet hours dim it. The frame
    /// carries it to the screen (``FrameModel/ledBrightness``).
    public var brightness: Double
    /// `--drift`'s step while at rest (0 while scrolling, so a drift step
    /// never breaks a scroll step): the rest frame is moved along
    /// ``RestDrift``'s orbit.
    public var driftStep: Int
    /// The page shown of a message at rest that does not fit whole
    /// (docs/display.md, "Pages"); nil when it stands on one.
    public var page: Page?
    /// A display mode that draws this frame through the mode path (a
    /// transition under way, `twinkle`: docs/display.md, "Display modes");
    /// nil for every frame the sign draws by itself.
    public var mode: ModeScene? = nil
    /// The `vertical` mode's lines moved up by this many panel rows: the
    /// rest frame is then a window on the message's strip of lines
    /// (``RestLayout/window(movedUp:panelRows:linesInView:period:)``); nil otherwise.
    public var verticalRows: Int? = nil

    /// Which page of how many: drawn as `2/3` at the end of the countdown row.
    public struct Page: Sendable, Equatable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
        /// `2/3` for the second of three.
        public var indicator: String { "\(index + 1)/\(count)" }
    }

    public init(geometry: ScreenGeometry, style: LEDStyle, monochrome: Bool, messageID: Int, plainText: TerminalLine,
                placement: Placement, litShade: LEDShade = .lit, rainbowPhase: Int? = nil, caption: TerminalLine? = nil,
                captionOffset: Int = 0, countdown: Countdown? = nil, controls: String? = nil, help: [String]? = nil,
                glyphs: TerminalGlyphs = .standard, color: LEDColor? = nil, dark: Bool = false, brightness: Double = 1,
                driftStep: Int = 0, page: Page? = nil, grid: LEDGrid = .fine,
                glow: Bool = false) {
        self.geometry = geometry
        self.style = style
        self.grid = grid
        self.glow = glow
        self.monochrome = monochrome
        self.glyphs = glyphs
        self.messageID = messageID
        self.plainText = plainText
        self.placement = placement
        self.litShade = litShade
        self.rainbowPhase = rainbowPhase
        self.color = color
        self.caption = caption
        self.captionOffset = captionOffset
        self.countdown = countdown
        self.controls = controls
        self.help = help
        self.dark = dark
        self.brightness = brightness.isFinite ? min(1, max(0.01, brightness)) : 1
        self.driftStep = driftStep
        self.page = page
    }

    /// Number of rainbow hue slots the terminal palette provides.
    public static let rainbowHues = 12
}
