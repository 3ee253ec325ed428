import MarqueeCore

/// One command-line option, declared once in ``OptionTable``: the parser,
/// `--help`, the config file, the shell completions and the man-page test
/// all read it, so no surface can name an option another does not know.
public struct OptionSpec: Sendable, Equatable {
    /// What follows the option, which is also what a shell completes there.
    public enum Value: Sendable, Equatable {
        /// A flag: nothing follows.
        case none
        /// A number (seconds, LEDs per second).
        case number
        /// One of a fixed list of words (the first ones listed are completed;
        /// `#RRGGBB` and numbers that the option also takes are not).
        case choice([String])
        case file
        case directory
        /// Anything: a name, a time.
        case text
    }

    /// The long name without its dashes: `seconds`.
    public let long: String
    public let short: Character?
    /// Other long names that mean the same (`colour`).
    public let aliases: [String]
    /// The value's name in help text: `N`, `FILE`.
    public let placeholder: String?
    public let value: Value
    /// The default, as a person would type it; nil when there is none.
    public let defaultText: String?
    /// One line of help; `--help` adds the default.
    public let summary: String
    /// Not allowed in the config file (it only makes sense for one run).
    public let commandLineOnly: Bool

    public init(_ long: String, short: Character? = nil, aliases: [String] = [], placeholder: String? = nil,
                value: Value = .none, defaultText: String? = nil, summary: String, commandLineOnly: Bool = false) {
        self.long = long
        self.short = short
        self.aliases = aliases
        self.placeholder = placeholder
        self.value = value
        self.defaultText = defaultText
        self.summary = summary
        self.commandLineOnly = commandLineOnly
    }

    public var takesValue: Bool { value != .none }
}

/// Every option of `ledmarquee`, in the order `--help` lists them.
public enum OptionTable {
    private static let player = PlayerSettings()
    private static let options = Options()

    public static let all: [OptionSpec] = [
        OptionSpec("file", short: "f", placeholder: "FILE", value: .file,
                   summary: "cue file: a .json deck, else one message per line (- is standard input)",
                   commandLineOnly: true),
        OptionSpec("follow", placeholder: "FILE", value: .file,
                   summary: "play a text cue file's lines and add lines written to it later, like tail -F",
                   commandLineOnly: true),
        OptionSpec("feed", placeholder: "URL", value: .text,
                   summary: "play a news feed's items (RSS, Atom, JSON Feed) fetched from an http:// or https:// URL (docs/feeds.md)",
                   commandLineOnly: true),
        OptionSpec("feed-ca", placeholder: "FILE", value: .file,
                   summary: "the CA certificate (PEM) that signed the feeds' HTTPS servers; default the system's"),
        OptionSpec("latest", summary: "with -f - or --follow: show only the newest line", commandLineOnly: true),
        OptionSpec("format", placeholder: "F", value: .choice(CueInputFormat.allCases.map(\.rawValue)), defaultText: "auto",
                   summary: "with -f -: json (a deck, read to its end), lines (shown as they come) or auto",
                   commandLineOnly: true),
        OptionSpec("seconds", short: "s", placeholder: "N", value: .number, defaultText: format(SecondsPerMessage.standard),
                   summary: "seconds per message, \(format(SecondsPerMessage.minimum)) to \(format(SecondsPerMessage.maximum))"),
        OptionSpec("once", summary: "play the messages once, then stop on the last"),
        OptionSpec("shuffle", summary: "random order, never the same message twice in a row"),
        OptionSpec("sync", summary: "change messages in step with other signs playing the deck, on the wall clock from its epoch"),
        OptionSpec("speed", placeholder: "N", value: .number, defaultText: format(player.speed),
                   summary: "characters per second (a character: half the letter height), -20 to 20; negative scrolls left-to-right; 0 is static"),
        OptionSpec("static", summary: "do not scroll: show the message whole, wrapped and centred"),
        OptionSpec("scale", placeholder: "N", value: .choice(["auto"]), defaultText: "auto",
                   summary: "LED size: font pixels drawn N LEDs wide and tall (1 to 64), or auto"),
        OptionSpec("color", short: "c", aliases: ["colour"], placeholder: "C",
                   value: .choice(LEDColor.names.map(\.name)), defaultText: "red",
                   summary: "red, amber, green, blue, white, cyan, magenta, rainbow or #RRGGBB"),
        OptionSpec("brightness", placeholder: "PERCENT", value: .number, defaultText: player.brightness.text,
                   summary: "the LEDs' brightness, 1 to 100 (percent; 40% too): lit and unlit LEDs, captions and the status line"),
        OptionSpec("style", placeholder: "S", value: .choice(LEDStyle.allCases.map(\.rawValue)),
                   defaultText: player.style.rawValue, summary: "dots, blocks, half or braille"),
        OptionSpec("leds", placeholder: "GRID", value: .choice(LEDGrid.allCases.map(\.rawValue)), defaultText: LEDGrid.fine.rawValue,
                   summary: "fine (small LEDs, a block of them a font pixel) or the classic sign: round or square, one big LED a font pixel"),
        OptionSpec("rows-of-leds", placeholder: "N", value: .choice(["fill"]), defaultText: "fill",
                   summary: "the classic sign's height in LEDs (\(ScreenGeometry.minimumRowsOfLEDs) to \(ScreenGeometry.maximumRowsOfLEDs)), or fill; needs --leds round or square"),
        OptionSpec("glow", summary: "unlit LEDs beside a lit one shine a little, as on a real sign; only while decorative effects may run (thermal nominal, not low power)"),
        OptionSpec("mode", placeholder: "MODE", value: .choice(DisplayModeTable.Field.mode.names), defaultText: player.mode.rawValue,
                   summary: "how a message stays: " + DisplayModeTable.Field.mode.names.joined(separator: ", ")),
        OptionSpec("enter", placeholder: "T", value: .choice(DisplayModeTable.Field.enter.names), defaultText: player.enter.rawValue,
                   summary: "how a message comes on: a transition, " + DisplayModeTable.Field.enter.names.joined(separator: ", ")),
        OptionSpec("exit", placeholder: "T", value: .choice(DisplayModeTable.Field.exit.names), defaultText: player.exit.rawValue,
                   summary: "how a flow's message goes before the next: a transition, as --enter"),
        OptionSpec("zones", placeholder: "ZONE", value: .text,
                   summary: "a zone that plays beside the sign, EDGE[=WIDTH][@SECONDS]:TEXT[|TEXT...]: left:OPEN, right:{time:%H:%M}, bottom@5:A|B; once per edge (docs/zones.md)"),
        OptionSpec("font", placeholder: "FONT", value: .file, defaultText: "built-in (DejaVu Sans Bold from --rows-of-leds 16)",
                   summary: "an installed font by name ('DejaVu Sans:bold'; for a family not installed, fontconfig's stand-in, named at the start), a font file (TrueType, OpenType, OTB, PCF, BDF, Unifont .hex), or builtin"),
        OptionSpec("sysfs-root", placeholder: "DIR", value: .directory, defaultText: options.sysfsRoot,
                   summary: "where the power probe reads sysfs"),
        OptionSpec("thermal", placeholder: "STATE", value: .choice(["auto"] + ThermalState.allCases.map(\.description)),
                   defaultText: "auto", summary: "auto, or force nominal, fair, serious or critical"),
        OptionSpec("low-power", placeholder: "MODE", value: .choice(["auto", "on", "off"]), defaultText: "auto",
                   summary: "auto, on or off"),
        OptionSpec("reduce-motion", summary: "no motion: show messages at rest"),
        OptionSpec("keys", placeholder: "SET", value: .choice(KeyLock.allCases.map(\.rawValue)), defaultText: "all",
                   summary: "which keys work: all, safe (pause, next, previous, help) or none; safe and none turn off Ctrl-C, Ctrl-Z and Ctrl-\\ too"),
        OptionSpec("drift", placeholder: "N", value: .number, defaultText: format(options.driftMinutes),
                   summary: "move a sign at rest by one LED every N minutes (OLED, plasma); 0 is never"),
        OptionSpec("probe-interval", placeholder: "N", value: .number, defaultText: format(options.probeInterval),
                   summary: "seconds between power readings"),
        OptionSpec("idle-timeout", placeholder: "N", value: .number, defaultText: format(player.idleTimeout),
                   summary: "seconds without a key before the status line hides"),
        OptionSpec("idle-message", placeholder: "TEXT", value: .text, defaultText: "dark",
                   summary: "shown while no deck message is in its days and hours"),
        OptionSpec("quiet", placeholder: "RANGE", value: .text,
                   summary: "quiet hours, e.g. 22:00-07:00: the sign dims or goes dark"),
        OptionSpec("quiet-mode", placeholder: "MODE", value: .choice(["dim", "off"]),
                   defaultText: QuietHours.Mode.standard.text, summary: "dim=PERCENT (1 to 99) or off (dark and still)"),
        OptionSpec("tty", placeholder: "DEVICE", value: .file,
                   summary: "play on this terminal (a virtual console, /dev/tty1) for keys and output; TERM defaults to linux",
                   commandLineOnly: true),
        OptionSpec("headless", summary: "play with no terminal: the events log and the control socket only"),
        OptionSpec("events", placeholder: "FILE", value: .file,
                   summary: "append a JSON Lines log of what happens (a file; standard output is the sign)"),
        OptionSpec("events-max", placeholder: "SIZE", value: .text, defaultText: "64M",
                   summary: "with --events: at SIZE bytes (K, M, G: KiB, MiB, GiB) the log is renamed FILE.1 and a new one begun; 0 = no cap"),
        OptionSpec("name", placeholder: "NAME", value: .text, defaultText: ControlSocketPath.defaultName,
                   summary: "the sign's name: its control socket is $XDG_RUNTIME_DIR/ledmarquee/NAME.sock",
                   commandLineOnly: true),
        OptionSpec("control", placeholder: "PATH", value: .file,
                   summary: "the control socket's path instead (ledmarquee send talks to it)",
                   commandLineOnly: true),
        OptionSpec("no-control", summary: "no control socket: ledmarquee send cannot reach this sign"),
        OptionSpec("mqtt", placeholder: "URL", value: .text,
                   summary: "join a fleet on this MQTT broker, mqtt://HOST[:PORT] or mqtts://HOST[:PORT] (docs/fleet.md)"),
        OptionSpec("mqtt-topic", placeholder: "PREFIX", value: .text, defaultText: FleetTopics.defaultPrefix,
                   summary: "with --mqtt: the fleet's topics are under PREFIX (PREFIX/deck, PREFIX/cmd, PREFIX/sign/NAME/…)"),
        OptionSpec("mqtt-ca", placeholder: "FILE", value: .file,
                   summary: "with mqtts://: the CA certificate (PEM) that signed the broker's; default the system's"),
        OptionSpec("mqtt-password-file", placeholder: "FILE", value: .file,
                   summary: "with --mqtt: USER:PASSWORD from FILE (else $LEDMARQUEE_MQTT_USER and $LEDMARQUEE_MQTT_PASSWORD)"),
        OptionSpec("snapshot", summary: "print one frame as text and exit (no terminal needed)", commandLineOnly: true),
        OptionSpec("export", placeholder: "FILE", value: .file,
                   summary: "write the sign to FILE and exit (no terminal needed): .gif or .webp an animation, .mp4 or .webm a video (with ffmpeg), .png a still, .cast a terminal recording (docs/export.md)",
                   commandLineOnly: true),
        OptionSpec("led-pixels", placeholder: "N", value: .number, defaultText: String(options.ledPixels),
                   summary: "with --export to a picture, animation or video: pixels from one LED to the next, \(LEDRaster.pitches.lowerBound) to \(LEDRaster.pitches.upperBound)",
                   commandLineOnly: true),
        OptionSpec("duration", placeholder: "SECONDS", value: .number, defaultText: "one pass of a message, one cycle of a deck",
                   summary: "with --export to an animation, video or .cast: its length, up to \(format(ExportTimeline.maximumDuration)) seconds",
                   commandLineOnly: true),
        OptionSpec("fps", placeholder: "N", value: .number, defaultText: "the motion policy's (60; a GIF 50)",
                   summary: "with --export to an animation, video or .cast: frames per second, \(ExportTimeline.frameRates.lowerBound) to \(ExportTimeline.frameRates.upperBound)",
                   commandLineOnly: true),
        OptionSpec("cols", placeholder: "N", value: .number, defaultText: String(options.snapshotColumns),
                   summary: "with --snapshot or --export: the terminal's width the sign is laid out for", commandLineOnly: true),
        OptionSpec("rows", placeholder: "N", value: .number, defaultText: String(options.snapshotRows),
                   summary: "with --snapshot or --export: the terminal's height the sign is laid out for", commandLineOnly: true),
        OptionSpec("at", placeholder: "SECONDS", value: .number, defaultText: "a moment that shows the message",
                   summary: "with --snapshot or --export to a .png: the moment drawn", commandLineOnly: true),
        OptionSpec("schedule", summary: "print what shows when for a week (schedules, quiet hours) and exit",
                   commandLineOnly: true),
        OptionSpec("now", placeholder: "WHEN", value: .text, defaultText: "the local time now",
                   summary: "with --schedule, --snapshot or --export: the local time taken as now, e.g. 'Sat 12:00' or 2026-12-24T18:00",
                   commandLineOnly: true),
        OptionSpec("config", placeholder: "FILE", value: .file,
                   defaultText: "$XDG_CONFIG_HOME/ledmarquee/config",
                   summary: "read options from FILE before the command line's", commandLineOnly: true),
        OptionSpec("no-config", summary: "read no config file (the last of --config and --no-config counts)", commandLineOnly: true),
        OptionSpec("completions", placeholder: "SHELL", value: .choice(["bash", "zsh", "fish"]),
                   summary: "print the completion script for bash, zsh or fish", commandLineOnly: true),
        OptionSpec("help", short: "h", summary: "show this help", commandLineOnly: true),
        OptionSpec("version", short: "V", summary: "show the version", commandLineOnly: true),
    ]

    /// Each alias's long name (`colour` → `color`), for `send`, whose
    /// options of the same names take the same spellings.
    static let canonicalName: [String: String] = Dictionary(
        all.flatMap { spec in spec.aliases.map { ($0, spec.long) } }, uniquingKeysWith: { first, _ in first })

    /// The option a long name or alias names.
    public static func named(_ name: String) -> OptionSpec? {
        all.first { $0.long == name || $0.aliases.contains(name) }
    }

    /// The option a short letter names.
    public static func short(_ letter: Character) -> OptionSpec? {
        all.first { $0.short == letter }
    }

    static func format(_ value: Double) -> String { value.plainText }
}
