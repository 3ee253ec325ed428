/// The choices a user makes on the command line that the player reads.
public struct PlayerSettings: Sendable, Equatable {
    public var loop = true
    public var shuffle = false
    /// Characters per second (docs/scroll-clock.md, "Speed"): a character
    /// is half the letter height (an en), so a message reads at the same
    /// rate whatever size the letters are drawn at; negative scrolls
    /// left-to-right.
    public var speed = PlayerSettings.standardSpeed
    /// Centre the message instead of scrolling it.
    public var staticText = false
    public var rainbow = false
    /// `--color`: the screen draws in it (`rainbow` sets ``rainbow``); the
    /// status reply names it for a message without its own.
    public var color: LEDColor = LEDColor.names[0].color
    /// `--brightness`: the LEDs' brightness for a message without its own
    /// (docs/display.md, "Brightness").
    public var brightness = Brightness.full
    public var style: LEDStyle = .dots
    /// `--scale N`: panel LEDs per font pixel, by hand; nil fits the height.
    public var scale: Int?
    /// `--leds`: the fine panel or the classic sign's big LEDs.
    public var grid: LEDGrid = .fine
    /// `--glow`: unlit LEDs beside a lit one shine a little, where the
    /// motion policy allows decorative effects (docs/display.md, "Glow").
    public var glow = false
    /// `--mode`, `--enter`, `--exit`: how a message without its own stays,
    /// comes on and goes (docs/display.md, "Display modes").
    public var mode = StayMode.scroll
    public var enter = Transition.fade
    public var exit = Transition.cut
    /// `--rows-of-leds N`: the classic sign's height in LEDs; nil fills the
    /// panel as the automatic scale does.
    public var rowsOfLEDs: Int?
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
    /// `--zones`: labels and lines that play beside the main sign
    /// (docs/zones.md); none by default.
    public var zones: [SignZone] = []
    /// The `"zones"` of the deck the sign starts with; nil for a deck
    /// without them (the sign shows ``zones``). A remote `load` or a
    /// reload brings its own (``PlayerState/signZones``).
    public var deckZones: [SignZone]? = nil

    public init() {}

    /// The default speed, characters a second: about a word a second, a
    /// quarter of the pace of reading a page, so a passer-by reads a line
    /// at a glance (docs/scroll-clock.md, "Speed").
    public static let standardSpeed = 5.0
    /// The fastest speed, characters a second, for `--speed`, decks, `say`
    /// and the `+` key: beyond it nobody reads a moving line. A larger
    /// value is refused (``speedRefusal(_:)``): it is the old unit, LED
    /// columns a second.
    public static let maximumSpeed = 20.0
    /// Slowest scroll the `-` key reaches: still visibly moving, so `-`
    /// never stops the sign by accident.
    public static let minimumSpeed = 1.0
    /// Where `+` starts a static sign.
    public static let startSpeed = 2.0
    /// LED columns a character took on an 80x24 terminal before speeds
    /// were in characters (3x3 LEDs per font pixel, 6 pixels a letter):
    /// what the hint for an old value divides by.
    static let oldColumnsPerCharacter = 18.0
    /// The old unit's bound: a larger value was never a speed.
    static let oldMaximumSpeed = 960.0

    /// Why a speed cannot be taken, or nil when it can: one line for the
    /// command line, a config file, a deck or a control request. A speed
    /// beyond ±``maximumSpeed`` is taken for the old unit (LED columns a
    /// second) and the line says what it was in the new one.
    ///
    /// ```swift
    /// PlayerSettings.speedRefusal(24)
    /// // "speed 24 is out of range: speed is in characters a second now, -20 to 20 (default 5);
    /// //  24 LED columns a second, the old unit, was about 1.3 at 80x24"
    /// ```
    public static func speedRefusal(_ speed: Double) -> String? {
        guard speed.isNaN || abs(speed) > maximumSpeed else { return nil }
        var text = "speed \(speed.plainText) is out of range: speed is in characters a second now, "
            + "-\(maximumSpeed.plainText) to \(maximumSpeed.plainText) (default \(standardSpeed.plainText))"
        if speed.isFinite, abs(speed) <= oldMaximumSpeed {
            let old = (abs(speed) / oldColumnsPerCharacter * 10).rounded() / 10
            text += "; \(speed.plainText) LED columns a second, the old unit, was about \(old.plainText) at 80x24"
        }
        return text
    }
}
