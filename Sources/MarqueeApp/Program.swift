import Glibc
import MarqueeCore
import MarqueeTerminal

/// The program: parses the config file and the command line, loads cues and
/// font, then prints a snapshot or plays the sign. Returns the exit status;
/// prints every error as one line.
public enum Program {
    /// Largest cue file read (a sign's messages are small; this bounds memory).
    static let maximumCueFileBytes = 16 * 1_048_576

    /// `standard` says which standard descriptors the process started
    /// without (`StandardDescriptors.claim`, called before anything opened
    /// a descriptor).
    @MainActor
    public static func main(arguments: [String], standard: StandardDescriptors = StandardDescriptors()) async -> Int32 {
        // First, so that even a crash while loading cues does not wait on
        // the runtime's "Press space to interact" prompt.
        CrashGuard.install(environment: Platform.environment)
        // A write to an events log that is a FIFO or pipe whose reader went
        // away must fail with EPIPE, to be reported (EventLog), not end the
        // sign by SIGPIPE with the terminal still in sign mode.
        signal(SIGPIPE, SIG_IGN)
        // The client of a running sign's control socket (docs/control.md);
        // a message that is the word "send" is given after `--`.
        if arguments.first == "send" {
            return SendCommand.run(Array(arguments.dropFirst()), environment: Platform.environment)
        }
        let options: Options
        do {
            switch try CommandLineParser.parse(arguments, environment: Platform.environment) {
            case .help:
                Platform.writeOutput(Usage.text)
                return 0
            case .version:
                Platform.writeOutput("ledmarquee \(Version.current)\n")
                return 0
            case .completions(let shell):
                guard let script = CompletionScripts.text(for: shell) else {
                    Platform.writeError("ledmarquee: no completion script for \(shell) in this build")
                    return 1
                }
                Platform.writeOutput(script)
                return 0
            case .run(let parsed, let warnings):
                // Before the terminal becomes the sign, so they are seen.
                for warning in warnings { Platform.writeError("ledmarquee: warning: \(warning)") }
                options = parsed
            }
        } catch {
            Platform.writeError("ledmarquee: \(error.message)")
            Platform.writeError("Try 'ledmarquee --help' for more information.")
            return 2
        }
        do throws(Platform.Failure) {
            if options.file == "-", standard.inputClosed {
                throw Platform.Failure(message: "standard input: cannot read cue file: it is closed", status: 1)
            }
            return try await play(options)
        } catch {
            Platform.writeError("ledmarquee: \(error.message)")
            return error.status
        }
    }

    @MainActor
    private static func play(_ options: Options) async throws(Platform.Failure) -> Int32 {
        var feed = try liveFeed(options)
        // A `-f` deck with feeds: read again when its file changes.
        var deckFeeds: FeedDeckSource?
        // Every way out gives standard input its flags back and closes a
        // followed file's descriptors (and ends a feed's fetches).
        defer { feed?.stop() }
        let fleetSetup = try FleetSetup.prepare(options, environment: Platform.environment)
        var loaded: CueFileParser.Result
        if let feed {
            loaded = try await feed.firstCues()
        } else if let cached = fleetSetup?.cachedDeck, !cached.cues.isEmpty || cached.feeds.isEmpty {
            // A kept deck of feeds alone starts with the sign's name, and
            // the fleet member plays its feeds (their copies first).
            loaded = cached
        } else if let fleetSetup, options.message == nil, options.file == nil {
            // A new sign with no deck yet shows its name, so whoever sets
            // up a room of them can tell which is which.
            loaded = CueFileParser.Result(cues: [Cue(text: fleetSetup.topics.name, seconds: options.seconds)], notes: [])
        } else {
            loaded = try loadCues(options)
            if !loaded.feeds.isEmpty {
                // A deck with feeds plays live: its fixed messages and each
                // feed's items (docs/feeds.md).
                let source = try FeedDeckSource(parts: FeedDeckSource.Part.parts(cues: loaded.cues, feeds: loaded.feeds), name: options.file ?? "deck",
                                                seconds: options.seconds, caFile: options.feedCA, environment: Platform.environment)
                feed = source
                deckFeeds = source
                let (notes, zones) = (loaded.notes, loaded.zones)
                loaded = try await source.firstCues()
                loaded.notes = notes + loaded.notes
                loaded.zones = zones
            }
        }
        // Said before the terminal becomes the sign, where they stay
        // readable afterwards; the log and the sign get them too.
        warn(loaded.notes)
        let cues = loaded.cues
        let (fonts, fontNotice) = try FontLoader.load(path: FontLoader.chosenFont(options.font, rowsOfLEDs: options.rowsOfLEDs))
        // A font fontconfig put in place of the family named: said now,
        // before the terminal becomes the sign, then in the log and on it.
        let fontNotes = fontNotice.map { [$0] } ?? []
        fontNotes.forEach { Platform.writeError("ledmarquee: \($0)") }
        var settings = playerSettings(options, cueCount: cues.count)
        if let epoch = loaded.epoch { settings.epoch = epoch }
        settings.deckZones = loaded.zones
        if options.schedulePreview {
            guard let now = options.now ?? WallClock.localNow() else {
                throw Platform.Failure(message: "--schedule: the local time cannot be read", status: 1)
            }
            Platform.writeOutput(SchedulePrinter.text(cues: cues, quiet: settings.quiet, idle: settings.idleCue, from: now))
            return 0
        }
        if options.snapshot || options.export != nil {
            // `--now`: the moment 0 is that local time (`--at` counts from it).
            let start = options.now.flatMap(WallClock.seconds(of:))
            if options.now != nil, start == nil {
                throw Platform.Failure(message: "--now \(options.now!.text): the local zone has no such time", status: 1)
            }
            if let request = options.export {
                try Exporter(request: request, cues: cues, settings: settings, fonts: fonts, columns: options.snapshotColumns,
                             rows: options.snapshotRows, pitch: options.ledPixels, duration: options.exportDuration,
                             fps: options.exportFPS, at: options.snapshotAt, wallStart: start ?? WallClock.now()).run()
                return 0
            }
            Platform.writeOutput(Snapshot.render(cues: cues, settings: settings, fonts: fonts, columns: options.snapshotColumns,
                                                 rows: options.snapshotRows, at: options.snapshotAt,
                                                 wallStart: start ?? WallClock.now()))
            return 0
        }
        try SysfsRootCheck.validate(options.sysfsRoot)
        // `--tty`: keys and the sign on that device, standard input and
        // output left alone (cues may still come on standard input).
        let device: Int32? = if let tty = options.tty { try openTerminal(tty) } else { nil }
        defer { if let device { close(device) } }
        let environment = device == nil ? Platform.environment : TerminalDevice.environment(Platform.environment)
        // Headless: no keys, so no terminal is looked for (docs/headless.md).
        let inputFD: Int32? = if let device { device } else if options.headless { nil } else {
            try keyboardFD(cuesFromStdin: options.file == "-")
        }
        let log = try options.events.map { path throws(Platform.Failure) in
            try EventLog(path: path, maxBytes: options.eventsMax, wallClock: WallClock.now)
        }
        // Where the process blocks its signals (see SignalEvents.block): no
        // thread exists yet but this one (the EventLoop runs here, and
        // nothing so far started another; debug builds check, and the
        // end-to-end tests count the threads of a running sign), and
        // the terminal has not been opened.
        let opened = try openControl(options)
        let control = opened?.server
        // Said on stderr now (not a warning: nothing is wrong), then on the
        // sign and in the log, as the cues' notes are.
        let nameNotes = opened?.note.map { [$0] } ?? []
        nameNotes.forEach { Platform.writeError("ledmarquee: \($0)") }
        let fleet: FleetMember?
        do throws(FleetLink.Failure) {
            fleet = try fleetSetup?.member(seconds: options.seconds)
        } catch {
            control?.close()
            throw Platform.Failure(message: error.message, status: 1)
        }
        SignalEvents.block()
        let state = PlayerState(cues: cues, settings: settings, seed: UInt64.random(in: 0...UInt64.max), at: 0)
        let reloadedFeeds = deckFeeds
        let reloader = options.file.flatMap { path in
            path == "-" || (feed != nil && reloadedFeeds == nil) ? nil : CueReloader(path: path, read: { path throws(Platform.Failure) in
                // On the event loop: never wait on a FIFO or a device.
                try Platform.readBounded(path, limit: maximumCueFileBytes, regularFileOnly: true)
            }, parse: { bytes throws(Platform.Failure) in
                guard let reloadedFeeds else {
                    let result = try parseCueFile(bytes, path: path, seconds: options.seconds)
                    return (result.cues, result.zones)
                }
                // A deck with feeds: its new parts play, the feeds kept that did not change.
                let result = try parseCueFile(bytes, path: path, seconds: options.seconds, allowsFeeds: true)
                let flow = MainActor.assumeIsolated {
                    reloadedFeeds.replace(FeedDeckSource.Part.parts(cues: result.cues, feeds: result.feeds))
                }
                guard !flow.isEmpty else {
                    throw Platform.Failure(message: "\(path): its feeds have no items yet; they play once fetched", status: 1)
                }
                return (flow, result.zones)
            })
        }
        let display: any SignDisplay
        do {
            display = try openDisplay(options, environment: environment, inputFD: inputFD, outputFD: device ?? STDOUT_FILENO)
        } catch {
            control?.close()
            throw Platform.Failure(message: error.description, status: 1)
        }
        let power = PowerSampler.sysfs(root: options.sysfsRoot, interval: options.probeInterval)
        let sources = inputSources(keys: inputFD, power: power, news: PowerNews(environment: environment),
                                   control: control, reloader: reloader, feed: feed, fleet: fleet)
        let controller = PlayerController(state: state, display: display, environment: environment, fonts: fonts, log: log,
                                          power: power, control: control, sources: sources)
        var status = await controller.run(notes: nameNotes + fontNotes + loaded.notes, opening: feed?.formatChoice.map { [$0.record] } ?? [])
        // Before a signal ends the process: the socket file must not outlive it.
        control?.close()
        // After the terminal is given back, so the line is seen.
        if let message = log?.lossMessage {
            Platform.writeError("ledmarquee: \(message)")
            status = status == 0 ? 1 : status
        }
        if let signal = controller.endingSignal.flatMap(SignalEvents.number(of:)) {
            // Ctrl-\ is the quit key the terminal sends as a signal: its
            // default action would leave a core file for a normal quit.
            guard signal != SIGQUIT else { return 128 + SIGQUIT }
            // A signal nobody sends a sign on purpose (SIGXCPU, SIGUSR2…)
            // is named, after the terminal is given back.
            if case .ending = controller.endingSignal {
                Platform.writeError("ledmarquee: ended by signal \(signal) (\(String(cString: strsignal(signal))))")
            }
            // `die` never returns, so the deferred stop would not run.
            feed?.stop()
            Platform.die(of: signal)
        }
        return status
    }

    /// The terminal as the sign (opened here; its keys are read from
    /// `inputFD`, which a sign without one cannot do), or with `--headless`
    /// nothing: no terminal is opened, looked at or changed.
    @MainActor
    private static func openDisplay(_ options: Options, environment: [String: String], inputFD: Int32?,
                                    outputFD: Int32) throws(TerminalError) -> any SignDisplay {
        guard !options.headless, inputFD != nil else { return HeadlessDisplay() }
        return try Screen(environment: environment, color: options.color, outputFD: outputFD,
                          blanking: ConsoleBlankSetting.blanking(sysfsRoot: options.sysfsRoot),
                          signalKeys: options.keys.terminalSignalKeys)
    }

    /// The control socket, bound before the terminal becomes the sign so
    /// that a name already taken is said plainly; nil with `--no-control`.
    /// A sign given no name takes the next free one when `default` is
    /// taken, and `note` says so.
    @MainActor
    private static func openControl(_ options: Options) throws(Platform.Failure) -> (server: ControlServer, note: String?)? {
        guard !options.noControl else { return nil }
        do {
            let server: ControlServer
            var note: String?
            if options.name == nil, options.control == nil {
                let (opened, name) = try ControlServer.openFirstFree(environment: Platform.environment, uid: getuid())
                server = opened
                if name != ControlSocketPath.defaultName { note = ControlServer.renamedNotice(name) }
            } else {
                let location = try ControlSocketPath.resolve(name: options.name, control: options.control,
                                                             environment: Platform.environment, uid: getuid())
                server = try ControlServer.open(location, name: options.name ?? ControlSocketPath.defaultName, loop: .main)
            }
            server.defaultSeconds = options.seconds
            return (server, note)
        } catch let error as ControlSocketPath.Failure {
            throw Platform.Failure(message: error.message, status: 1)
        } catch let error as ControlServer.Failure {
            throw Platform.Failure(message: error.message, status: 1)
        } catch {
            throw Platform.Failure(message: "\(error)", status: 1)
        }
    }

    /// Warnings printed at most: a deck with a mistake in every entry does
    /// not bury the terminal (the events log has them all).
    static let warningsShown = 5

    static func warn(_ notes: [String]) {
        notes.prefix(warningsShown).forEach { Platform.writeError("ledmarquee: warning: \($0)") }
        if notes.count > warningsShown {
            Platform.writeError("ledmarquee: warning: and \(notes.count - warningsShown) more like these")
        }
    }

    static func playerSettings(_ options: Options, cueCount: Int) -> PlayerSettings {
        var settings = PlayerSettings()
        settings.loop = !options.once
        // The demo deck plays shuffled (no message, no file, no fleet),
        // except in step: every sign would shuffle it its own way.
        settings.sync = options.sync
        settings.shuffle = options.shuffle
            || (!options.sync && options.message == nil && options.file == nil && options.follow == nil && options.feed == nil && options.mqtt == nil)
        settings.speed = options.speed
        settings.staticText = options.staticText || options.speed == 0
        settings.rainbow = options.color == .rainbow
        settings.color = options.color
        settings.brightness = options.brightness
        settings.style = options.style
        settings.scale = options.scale
        settings.grid = options.grid
        settings.glow = options.glow
        settings.mode = options.mode
        settings.enter = options.enter
        settings.exit = options.exit
        settings.rowsOfLEDs = options.rowsOfLEDs
        settings.monochrome = !(Platform.environment["NO_COLOR"] ?? "").isEmpty
        settings.reduceMotion = options.reduceMotion
        settings.keys = options.keys
        settings.thermalOverride = options.thermal
        settings.lowPowerOverride = options.lowPower
        settings.idleTimeout = options.idleTimeout
        // The bound of a cue file's lines holds for the idle message too.
        settings.idleCue = options.idleMessage.map { Cue(text: String(decoding: CueFileParser.cut(Array($0.utf8)), as: UTF8.self)) }
        settings.quiet = options.quiet.map { QuietHours(windows: $0, mode: options.quietMode ?? .standard) }
        settings.driftSeconds = options.driftMinutes > 0 ? options.driftMinutes * 60 : nil
        settings.drawsFrames = !options.headless
        settings.zones = options.zones
        return settings
    }

    static func loadCues(_ options: Options) throws(Platform.Failure) -> CueFileParser.Result {
        if let message = options.message {
            // The bound of a cue file's lines holds for the command line too.
            guard message.utf8.count > CueFileParser.maximumLineBytes else {
                return CueFileParser.Result(cues: [Cue(text: message, seconds: options.seconds)], notes: [])
            }
            let cut = String(decoding: CueFileParser.cut(Array(message.utf8)), as: UTF8.self)
            return CueFileParser.Result(cues: [Cue(text: cut, seconds: options.seconds)],
                                        notes: ["message cut to \(CueFileParser.maximumLineBytes) bytes"])
        }
        if let path = options.follow {
            // A snapshot of a followed file draws the lines it has now.
            return try loadCueFile(path, seconds: options.seconds, regularFileOnly: true, format: .lines)
        }
        if let file = options.file {
            return try loadCueFile(file, seconds: options.seconds, format: file == "-" ? options.format : .auto,
                                   allowsFeeds: file != "-")
        }
        do {
            return try CueFileParser.parse(Array(BuiltInResources.demoDeck.utf8), name: "demo deck", isDeck: true,
                                           defaultSeconds: options.seconds)
        } catch {
            throw Platform.Failure(message: error.message, status: 1)
        }
    }

    /// A news feed (`--feed`, docs/feeds.md), a followed file, or standard
    /// input read live (docs/cue-flow.md, "Live input"): not for
    /// a snapshot, which draws one moment of what it has, nor from a
    /// terminal, which the sign is about to take (it is read to its end
    /// first, as a file).
    @MainActor
    static func liveFeed(_ options: Options) throws(Platform.Failure) -> (any LiveCueSource)? {
        if let url = options.feed {
            // Parsed already by the option's own check.
            guard let entry = try? FeedEntry(url: url) else { return nil }
            return try FeedDeckSource(parts: [.feed(entry)], name: url, seconds: options.seconds, caFile: options.feedCA,
                                      environment: Platform.environment)
        }
        if let path = options.follow, !options.snapshot {
            return try FollowedFileFeed(path: path, seconds: options.seconds, latestOnly: options.latest)
        }
        guard options.file == "-", !options.snapshot, isatty(STDIN_FILENO) != 1 else { return nil }
        return StandardInputFeed(seconds: options.seconds, format: options.format, latestOnly: options.latest)
    }

    /// `allowsFeeds`: the deck of `-f`, which may have feed entries (docs/feeds.md).
    static func loadCueFile(_ path: String, seconds: Double, regularFileOnly: Bool = false,
                            format: CueInputFormat = .auto, allowsFeeds: Bool = false) throws(Platform.Failure) -> CueFileParser.Result {
        let bytes = try Platform.readBounded(path, limit: maximumCueFileBytes, regularFileOnly: regularFileOnly)
        return try parseCueFile(bytes, path: path, seconds: seconds, format: format, allowsFeeds: allowsFeeds)
    }

    /// The bytes of the cue file at `path` (read already) as cues.
    static func parseCueFile(_ bytes: [UInt8], path: String, seconds: Double,
                             format: CueInputFormat = .auto, allowsFeeds: Bool = false) throws(Platform.Failure) -> CueFileParser.Result {
        let name = path == "-" ? "standard input" : path
        let isDeck = path == "-" || format != .auto ? format.isDeck(bytes) : path.lowercased().hasSuffix(".json")
        do {
            return try CueFileParser.parse(bytes, name: name, isDeck: isDeck, defaultSeconds: seconds, allowsFeeds: allowsFeeds)
        } catch {
            throw Platform.Failure(message: error.message, status: 1)
        }
    }

    /// `--tty DEVICE`, opened; a missing device or one that is not a
    /// terminal is a runtime error (exit 1) before anything is drawn.
    private static func openTerminal(_ path: String) throws(Platform.Failure) -> Int32 {
        do {
            return try TerminalDevice.open(path)
        } catch {
            throw Platform.Failure(message: error.description, status: 1)
        }
    }

    /// Keys come from standard input when it is the terminal, else (cues
    /// piped in with `-f -`, or stdin redirected) from /dev/tty.
    private static func keyboardFD(cuesFromStdin: Bool) throws(Platform.Failure) -> Int32 {
        if !cuesFromStdin, isatty(STDIN_FILENO) == 1 { return STDIN_FILENO }
        let fd = open("/dev/tty", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Platform.Failure(message: "no terminal to read keys from (/dev/tty: \(String(cString: strerror(errno)))); try --snapshot", status: 1)
        }
        return fd
    }
}
