/// How one message wants to look, where it differs from the sign's: a deck
/// entry's or a `say`'s `color`, `style`, `speed`, `static` and `brightness`,
/// and a deck entry's `blink`; a deck entry's, a `say`'s or an `add`'s
/// display modes, `mode`, `enter` and `exit` (docs/display.md, "Display
/// modes"). Each field
/// left nil falls back to the command line's (docs/cue-flow.md, "Looks").
///
/// ```swift
/// let failed = Cue(text: "FAILED", look: CueLook(color: LEDColor(parsing: "red"), isStatic: true))
/// ```
public struct CueLook: Sendable, Equatable {
    /// A solid colour, or `.rainbow` for a rainbow message on any sign.
    public let color: LEDColor?
    public let style: LEDStyle?
    /// Characters per second, as `--speed`: 0 holds the message still,
    /// negative scrolls left-to-right. Always within
    /// ±``PlayerSettings/maximumSpeed`` (see ``clampedSpeed(_:)``).
    public let speed: Double?
    /// `true` holds the message at rest as `--static` does; `false` lets it
    /// scroll on a `--static` sign.
    public let isStatic: Bool?
    /// `true` blinks the message on and off once a second while it shows,
    /// when effects are allowed (``PlayerState/blinks``).
    public let blink: Bool?
    /// The LEDs' brightness while the message shows, instead of
    /// `--brightness` (quiet hours' `dim` still caps it).
    public let brightness: Brightness?
    /// How the message stays while it shows, instead of `--mode`.
    public let mode: StayMode?
    /// How it comes on, instead of `--enter`.
    public let enter: Transition?
    /// How it goes before the next message, instead of `--exit`.
    public let exit: Transition?

    public init(color: LEDColor? = nil, style: LEDStyle? = nil, speed: Double? = nil, isStatic: Bool? = nil, blink: Bool? = nil,
                brightness: Brightness? = nil, mode: StayMode? = nil, enter: Transition? = nil, exit: Transition? = nil) {
        self.color = color
        self.style = style
        self.speed = speed.map(CueLook.clampedSpeed)
        self.isStatic = isStatic
        self.blink = blink
        self.brightness = brightness
        self.mode = mode
        self.enter = enter
        self.exit = exit
    }

    /// The sign's look in every field.
    public static let none = CueLook()

    /// Whether the message sets its own motion: then the speed keys change
    /// it for as long as it shows, not the sign's speed.
    public var setsMotion: Bool { speed != nil || isStatic != nil }

    /// `speed` within ±``PlayerSettings/maximumSpeed``, as the bound of
    /// `--speed`; not a number gives 0, still rather than a guess.
    ///
    /// ```swift
    /// CueLook.clampedSpeed(1e308)   // 20
    /// CueLook.clampedSpeed(-2000)   // -20
    /// ```
    public static func clampedSpeed(_ speed: Double) -> Double {
        guard !speed.isNaN else { return 0 }
        return min(max(speed, -PlayerSettings.maximumSpeed), PlayerSettings.maximumSpeed)
    }
}
