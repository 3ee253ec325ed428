/// The choices a user makes on the command line that the player reads.
public struct PlayerSettings: Sendable, Equatable {
    public var loop = true
    public var shuffle = false
    /// LED columns of the sign per second, like a physical sign: text
    /// crosses a 100-LED-wide panel in about 4 s at the default 24, whatever
    /// its scale; negative scrolls left-to-right.
    public var speed = 24.0
    /// Centre the message instead of scrolling it.
    public var staticText = false
    public var rainbow = false
    /// `--color`: the screen draws in it (`rainbow` sets ``rainbow``); the
    /// status reply names it for a message without its own.
    public var color: LEDColor = LEDColor.names[0].color
    public var style: LEDStyle = .dots
    /// `--scale N`: panel LEDs per font pixel, by hand; nil fits the height.
    public var scale: Int?
    public var monochrome = false
    /// What the terminal can draw; ``PlayerState/adapt(to:)`` sets it once
    /// the screen is open (and swaps a style the font cannot show).
    public var glyphs = TerminalGlyphs.standard
    public var reduceMotion = false
    /// `--keys`: which keys work (docs/command-line.md).
    public var keys = KeyLock.all
    /// `--thermal` forced state; the `t` key cycles it.
    public var thermalOverride: ThermalState?
    /// `--low-power on/off`; the `b` key cycles it.
    public var lowPowerOverride: Bool?
    /// Seconds without a key before the controls line hides.
    public var idleTimeout = 3.0
    /// `--idle-message`: shown while no message is in its schedule; nil
    /// goes dark instead (docs/schedules.md).
    public var idleCue: Cue?
    /// `--quiet` and `--quiet-mode`; nil for none.
    public var quiet: QuietHours?
    /// `--drift`: seconds between the one-LED moves of a sign at rest; nil
    /// for none (docs/display.md, "Drift").
    public var driftSeconds: Double?
    /// Whether anything draws the frames: false for `--headless`
    /// (docs/headless.md). Then no frame ticker runs, no fade waits for
    /// frames and `--drift` moves nothing; the scroll, the pass and the
    /// advance, which are functions of time, run as on a terminal.
    public var drawsFrames = true
    /// `--sync`: messages change on the wall clock's slot boundaries,
    /// counted from the deck's epoch, in step with every other sign playing
    /// the same deck (docs/cue-flow.md, "Playing in step"). The play order
    /// is then the deck's: a shuffle would differ from sign to sign.
    public var sync = false
    /// The epoch of the deck the sign starts with, in Unix seconds (a
    /// deck's `"epoch"`); 0, the Unix epoch, for a deck without one, so
    /// such decks still align. A remote `load` brings its own
    /// (``PlayerState/syncEpoch``).
    public var epoch = 0.0

    public init() {}

    /// Fastest scroll the `+` key reaches, in columns per second.
    public static let maximumSpeed = 960.0
    /// Slowest scroll the `-` key reaches: still visibly moving (one LED a
    /// third of a second), so `-` never stops the sign by accident.
    public static let minimumSpeed = 3.0
    /// Where `+` starts a static sign.
    public static let startSpeed = 6.0
}
