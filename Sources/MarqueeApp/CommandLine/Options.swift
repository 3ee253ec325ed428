import MarqueeCore

/// Everything the command line can say (see Usage and the man page), already
/// validated. What the player reads has its default in ``PlayerSettings``
/// (one place); the rest is defaulted here.
public struct Options: Sendable, Equatable {
    private static let player = PlayerSettings()

    public var message: String?
    public var file: String?
    /// `--follow FILE`: a text cue file read like `tail -F`.
    public var follow: String?
    /// `--feed URL`: a news feed's items are the flow (docs/feeds.md).
    public var feed: String?
    /// `--feed-ca FILE`: the CA the feeds' HTTPS servers are checked against.
    public var feedCA: String?
    /// `--latest`: a live source shows only its newest line.
    public var latest = false
    /// `--format`: how `-f -` reads standard input.
    public var format = CueInputFormat.auto
    public var seconds = SecondsPerMessage.standard
    public var once = false
    public var shuffle = false
    /// `--sync`: messages change at the deck's slot boundaries on the wall
    /// clock (docs/cue-flow.md, "Playing in step").
    public var sync = Options.player.sync
    public var speed = Options.player.speed
    public var staticText = false
    public var color: LEDColor = .solid(red: 255, green: 32, blue: 16)
    /// `--brightness`: the LEDs' brightness, 1 to 100 percent.
    public var brightness = Options.player.brightness
    public var style = Options.player.style
    public var font: String?
    public var sysfsRoot = "/sys"
    public var thermal: ThermalState?
    public var lowPower: Bool?
    public var reduceMotion = Options.player.reduceMotion
    public var keys = Options.player.keys
    public var probeInterval = 2.0
    public var idleTimeout = Options.player.idleTimeout
    public var events: String?
    /// `--events-max`: bytes a regular events-log file may reach before it
    /// is rotated to `FILE.1`; 0 for no cap (docs/events-log.md).
    public var eventsMax = EventLog.defaultMaxBytes
    /// `--zones`, once per zone: the edge each takes and its texts (docs/zones.md).
    public var zones: [SignZone] = []
    /// `--idle-message`: shown while no message is in its schedule.
    public var idleMessage: String?
    /// `--quiet`: the windows of quiet hours.
    public var quiet: [TimeWindow]?
    /// `--quiet-mode`; nil when not given (the default mode, and no
    /// `--quiet` needed).
    public var quietMode: QuietHours.Mode?
    /// `--name`: which sign `ledmarquee send` reaches (nil: `default`).
    public var name: String?
    /// `--control PATH`: the control socket's path, whatever the name.
    public var control: String?
    /// `--no-control`: play without a control socket.
    public var noControl = false
    public var snapshot = false
    public var snapshotColumns = 80
    public var snapshotRows = 24
    /// `--at`; nil shows the message (see `Snapshot.defaultMoment`).
    public var snapshotAt: Double?
    /// `--export FILE`: write the sign to a file and exit (docs/export.md).
    var export: ExportRequest?
    /// `--led-pixels N`: pixels from one LED to the next in a picture.
    public var ledPixels = 8
    /// `--duration SECONDS`: an animation's length; nil plays one pass or cycle.
    public var exportDuration: Double?
    /// `--fps N`: an animation's frame rate; nil is the motion policy's.
    public var exportFPS: Int?
    /// `--schedule`: print what shows when, and exit.
    public var schedulePreview = false
    /// `--now`: the local time a snapshot or a schedule preview starts at.
    public var now: LocalMoment?
    /// `--scale N`; nil (`auto`) fits the height.
    public var scale: Int?
    /// `--leds`: the fine panel, or the classic sign's round or square LEDs.
    public var grid = LEDGrid.fine
    /// `--glow`: unlit LEDs beside lit ones shine a little (while effects may run).
    public var glow = false
    /// `--mode`, `--enter`, `--exit`: display modes (docs/display.md, "Display modes").
    public var mode = Options.player.mode
    public var enter = Options.player.enter
    public var exit = Options.player.exit
    /// `--rows-of-leds N`: the classic sign's height in LEDs; nil (`fill`) fills the panel.
    public var rowsOfLEDs: Int?
    /// `--drift N`: minutes between the one-LED moves of a sign at rest; 0 is none.
    public var driftMinutes = 0.0
    /// `--tty DEVICE`: the terminal to play on instead of standard input and output.
    public var tty: String?
    /// `--mqtt URL`: the fleet's broker (docs/fleet.md); nil plays alone.
    var mqtt: BrokerAddress?
    /// `--mqtt-topic PREFIX`; nil is `FleetTopics.defaultPrefix`.
    public var mqttTopic: String?
    /// `--mqtt-ca FILE`: the CA the broker's certificate must chain to.
    public var mqttCA: String?
    /// `--mqtt-password-file FILE`: `USER:PASSWORD` for the broker.
    public var mqttPasswordFile: String?
    /// `--headless`: play with no terminal at all (docs/headless.md).
    public var headless = false

    public init() {}
}
