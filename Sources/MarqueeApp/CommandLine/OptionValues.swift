import MarqueeCore

/// Turns one option's value into its ``Options`` field: the only part of
/// option parsing that is code rather than ``OptionTable``. The same for the
/// command line and the config file; a config file's errors and warnings
/// start with its `FILE:LINE` and name the option as the file does.
enum OptionValues {
    /// Longest piece of a value quoted in a message: a usage error stays a
    /// readable line whatever was typed or written in a file.
    static let quotedCharacters = 64

    static func apply(_ assignment: CommandLineParser.Assignment, to options: inout Options,
                      warnings: inout [String]) throws(UsageError) {
        let spec = assignment.spec
        let label = assignment.place == nil ? "--\(spec.long)" : spec.long
        let prefix = assignment.place.map { "\($0): " } ?? ""
        do {
            if let value = assignment.value {
                if let warning = try set(spec.long, value, label: label, on: &options) { warnings.append(prefix + warning) }
            } else {
                setFlag(spec.long, on: &options)
            }
        } catch {
            throw UsageError(prefix + error.message)
        }
    }

    private static func setFlag(_ name: String, on options: inout Options) {
        switch name {
        case "once": options.once = true
        case "shuffle": options.shuffle = true
        case "sync": options.sync = true
        case "static": options.staticText = true
        case "reduce-motion": options.reduceMotion = true
        case "glow": options.glow = true
        case "snapshot": options.snapshot = true
        case "schedule": options.schedulePreview = true
        case "no-control": options.noControl = true
        case "headless": options.headless = true
        case "latest": options.latest = true
        default: break  // help, version, no-config: the parser's, not a field
        }
    }

    /// Sets the field; returns a warning when the value was mended.
    private static func set(_ name: String, _ value: String, label: String,
                            on options: inout Options) throws(UsageError) -> String? {
        let word = lowercased(value)
        switch name {
        case "file":
            options.file = try nonEmpty(value, "option '\(label)' needs a file name")
        case "follow":
            options.follow = try nonEmpty(value, "option '\(label)' needs a file name")
        case "feed":
            do { options.feed = try FeedEntry(url: value).url } catch { throw UsageError("'\(label)': \(error.description)") }
        case "feed-ca":
            options.feedCA = try nonEmpty(value, "option '\(label)' needs a file")
        case "format":
            guard let format = CueInputFormat(rawValue: word) else {
                throw UsageError("unknown format '\(shown(value))' (use \(CueInputFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            options.format = format
        case "seconds":
            let seconds = try number(value, label)
            options.seconds = SecondsPerMessage.sanitize(seconds)
            if options.seconds != seconds {
                return "\(label) \(shown(value)) is out of range; using \(format(options.seconds)) "
                    + "(seconds are \(format(SecondsPerMessage.minimum)) to \(format(SecondsPerMessage.maximum)))"
            }
        case "speed":
            let speed = try number(value, label)
            if let refusal = PlayerSettings.speedRefusal(speed) { throw UsageError("'\(label)': \(refusal)") }
            options.speed = speed
        case "color":
            guard let color = LEDColor(parsing: value) else {
                throw UsageError("unknown colour '\(shown(value))' (use \(LEDColor.names.map(\.name).joined(separator: ", ")) or #RRGGBB)")
            }
            options.color = color
        case "brightness":
            guard let brightness = Brightness(parsing: value) else {
                throw UsageError("'\(label)' must be \(Brightness.rule), not '\(shown(value))'")
            }
            options.brightness = brightness
        case "keys":
            guard let lock = KeyLock(rawValue: word) else {
                throw UsageError("unknown key set '\(shown(value))' (use \(KeyLock.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            options.keys = lock
        case "mode":
            do throws(ModeNameError) { options.mode = try DisplayModeTable.stay(named: value) } catch { throw UsageError(error.message) }
        case "enter":
            do throws(ModeNameError) {
                options.enter = try DisplayModeTable.transition(named: value, field: .enter)
            } catch { throw UsageError(error.message) }
        case "exit":
            do throws(ModeNameError) {
                options.exit = try DisplayModeTable.transition(named: value, field: .exit)
            } catch { throw UsageError(error.message) }
        case "style":
            guard let style = LEDStyle(rawValue: word) else {
                throw UsageError("unknown style '\(shown(value))' (use \(LEDStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            options.style = style
        case "font":
            options.font = try nonEmpty(value, "option '\(label)' needs a font's name or file")
        case "sysfs-root":
            options.sysfsRoot = try nonEmpty(value, "option '\(label)' needs a directory")
        case "thermal":
            if word == "auto" {
                options.thermal = nil
            } else if let state = ThermalState(name: word) {
                options.thermal = state
            } else {
                throw UsageError("unknown thermal state '\(shown(value))' (use auto, \(ThermalState.allCases.map(\.description).joined(separator: ", ")))")
            }
        case "low-power":
            switch word {
            case "auto": options.lowPower = nil
            case "on": options.lowPower = true
            case "off": options.lowPower = false
            default: throw UsageError("unknown low-power mode '\(shown(value))' (use auto, on, off)")
            }
        case "probe-interval":
            options.probeInterval = try bounded(value, label, range: 0.1...3600)
        case "drift":
            let minutes = try number(value, label)
            // 3 s at the least: a test's, never a sign's; a day at the most.
            guard minutes == 0 || (minutes.isFinite && (0.05...1440).contains(minutes)) else {
                throw UsageError("'\(label)' must be 0 (never) or between 0.05 and 1440 minutes, not '\(shown(value))'")
            }
            options.driftMinutes = minutes
        case "idle-timeout":
            options.idleTimeout = try bounded(value, label, range: 0...86400)
        case "events":
            let path = try nonEmpty(value, "option '\(label)' needs a file name")
            // The terminal is the sign: a log on standard output would be
            // drawn over by the sign and would corrupt it.
            guard path != "-" else {
                throw UsageError("'\(label) -' is refused: standard output is the sign; give a file name (or /dev/stderr with 2>FILE)")
            }
            options.events = path
        case "events-max":
            options.eventsMax = try byteSize(value, label)
        case "zones":
            // Each --zones adds one; the same edge twice is an error.
            do throws(ZoneSyntaxError) {
                options.zones = try SignZone.checked(options.zones + [SignZone(parsing: value)])
            } catch { throw UsageError("'\(label)': \(error.message)") }
        case "idle-message":
            guard !TerminalText.sanitize(value).allSatisfy({ $0 == " " }) else {
                throw UsageError("option '\(label)' needs a text to show (leave it out to go dark)")
            }
            options.idleMessage = value
        case "quiet":
            do {
                options.quiet = try TimeWindow.parseList(value)
            } catch {
                throw UsageError("'\(label)' needs hours like 22:00-07:00: \(error.message)")
            }
        case "quiet-mode":
            do {
                options.quietMode = try QuietHours.Mode(parsing: value)
            } catch {
                throw UsageError(error.message)
            }
        case "name":
            do { try ControlSocketPath.validate(name: value) } catch { throw UsageError(error.message) }
            options.name = value
        case "control":
            options.control = try nonEmpty(value, "option '\(label)' needs a path")
        case "tty":
            options.tty = try nonEmpty(value, "option '\(label)' needs a terminal device")
        case "mqtt":
            do { options.mqtt = try BrokerAddress.parse(value) } catch { throw UsageError(error.message) }
        case "mqtt-topic":
            do { try FleetTopics.validate(prefix: value) } catch { throw UsageError(error.message) }
            options.mqttTopic = value
        case "mqtt-ca":
            options.mqttCA = try nonEmpty(value, "option '\(label)' needs a file")
        case "mqtt-password-file":
            options.mqttPasswordFile = try nonEmpty(value, "option '\(label)' needs a file")
        case "cols":
            options.snapshotColumns = try count(value, label)
        case "rows":
            options.snapshotRows = try count(value, label)
        case "export":
            guard !value.isEmpty else { throw UsageError("option '\(label)' needs a file name") }
            guard let format = ExportFormat(path: value) else {
                throw UsageError("cannot export '\(shown(value))': unknown format (use \(ExportFormat.spelled))")
            }
            options.export = ExportRequest(path: value, format: format)
        case "led-pixels":
            options.ledPixels = try whole(value, label, range: LEDRaster.pitches)
        case "fps":
            options.exportFPS = try whole(value, label, range: ExportTimeline.frameRates)
        case "duration":
            let seconds = try number(value, label)
            guard seconds.isFinite, seconds > 0, seconds <= ExportTimeline.maximumDuration else {
                throw UsageError("'\(label)' must be more than 0 and at most \(format(ExportTimeline.maximumDuration)) seconds, not '\(shown(value))'")
            }
            options.exportDuration = seconds
        case "at":
            options.snapshotAt = try bounded(value, label, range: 0...86400)
        case "now":
            guard let today = WallClock.localNow() else { throw UsageError("option '\(label)': the local time cannot be read") }
            do { options.now = try PreviewMoment.parse(value, today: today) } catch {
                throw UsageError("option '\(label)': \(error.message)")
            }
        case "scale":
            if word == "auto" {
                options.scale = nil
            } else if let scale = Int(value), (1...64).contains(scale) {
                options.scale = scale
            } else {
                throw UsageError("'\(label)' must be auto or a whole number from 1 to 64, not '\(shown(value))'")
            }
        case "leds":
            guard let grid = LEDGrid(rawValue: word) else {
                throw UsageError("unknown LED grid '\(shown(value))' (use \(LEDGrid.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            options.grid = grid
        case "rows-of-leds":
            if word == "fill" {
                options.rowsOfLEDs = nil
            } else if let rows = Int(value), (ScreenGeometry.minimumRowsOfLEDs...ScreenGeometry.maximumRowsOfLEDs).contains(rows) {
                options.rowsOfLEDs = rows
            } else {
                throw UsageError("'\(label)' must be fill or a whole number from \(ScreenGeometry.minimumRowsOfLEDs) "
                    + "to \(ScreenGeometry.maximumRowsOfLEDs), not '\(shown(value))'")
            }
        case "config", "completions":
            break  // read by the parser before any value is converted
        default:
            throw UsageError("option '\(label)' is not handled")
        }
        return nil
    }

    /// Names in the table are ASCII; lower-casing only ASCII letters keeps
    /// a look-alike (the Kelvin sign lower-cases to `k`) from matching.
    static func lowercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }

    /// `text`, cut to ``quotedCharacters`` with an ellipsis: for quoting in
    /// a message (which `Platform.writeError` then shows escaped).
    static func shown(_ text: String) -> String {
        guard let end = text.index(text.startIndex, offsetBy: quotedCharacters, limitedBy: text.endIndex),
              end < text.endIndex else { return text }
        return text[..<end] + "…"
    }

    private static func nonEmpty(_ value: String, _ message: String) throws(UsageError) -> String {
        guard !value.isEmpty else { throw UsageError(message) }
        return value
    }

    private static func number(_ text: String, _ label: String) throws(UsageError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: " ")) else {
            throw UsageError("'\(label)' needs a number, not '\(shown(text))'")
        }
        return value
    }

    private static func bounded(_ text: String, _ label: String, range: ClosedRange<Double>) throws(UsageError) -> Double {
        let value = try number(text, label)
        guard value.isFinite, range.contains(value) else {
            throw UsageError("'\(label)' must be between \(format(range.lowerBound)) and \(format(range.upperBound)), not '\(shown(text))'")
        }
        return value
    }

    /// `--events-max`: 0 (no cap), or 4K to 1024G in bytes, with an optional
    /// K, M or G (powers of 1024). Below 4 KiB a file would hold a few records.
    static func byteSize(_ text: String, _ label: String) throws(UsageError) -> Int {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text)
        var unit = 1
        if let last = digits.last?.uppercased().first, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        let limit = 1 << 40
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits),
              number <= limit / unit, number == 0 || number * unit >= 4096 else {
            throw UsageError("'\(label)' must be 0 (no cap) or a size from 4K to 1024G (bytes, or K, M, G), not '\(shown(text))'")
        }
        return number * unit
    }

    private static func whole(_ text: String, _ label: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("'\(label)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(shown(text))'")
        }
        return value
    }

    private static func count(_ text: String, _ label: String) throws(UsageError) -> Int {
        guard let value = Int(text), (1...4096).contains(value) else {
            throw UsageError("'\(label)' must be a whole number from 1 to 4096, not '\(shown(text))'")
        }
        return value
    }

    static func format(_ value: Double) -> String { OptionTable.format(value) }
}
