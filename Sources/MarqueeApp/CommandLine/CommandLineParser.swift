import MarqueeCore

/// GNU-style option parsing: `--opt value`, `--opt=value`, `-f FILE`,
/// `-fFILE`, `--` ends options. Written here because SwiftPM cannot fetch
/// swift-argument-parser on these machines; every option's hostile values
/// are covered by tests.
public enum CommandLineParser {
    /// Options that take a value, long name → short letter (if any).
    static let valued: [String: Character?] = [
        "file": "f", "seconds": "s", "speed": nil, "color": "c", "colour": nil, "style": nil, "font": nil,
        "sysfs-root": nil, "thermal": nil, "low-power": nil, "probe-interval": nil, "idle-timeout": nil,
        "events": nil, "cols": nil, "rows": nil, "at": nil, "scale": nil,
    ]
    static let flags: [String: Character?] = [
        "once": nil, "shuffle": nil, "static": nil, "reduce-motion": nil, "snapshot": nil,
        "help": "h", "version": "V",
    ]

    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = Options()
        var words: [String] = []
        var index = 0
        var wantsHelp = false
        var wantsVersion = false

        func value(for name: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                words += arguments[(index + 1)...]
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                let inline = parts.count == 2 ? String(parts[1]) : nil
                if valued[name] != nil {
                    try apply(name, try value(for: name, inline: inline), to: &options)
                } else if flags[name] != nil {
                    guard inline == nil else { throw UsageError("option '--\(name)' takes no value") }
                    if name == "help" { wantsHelp = true } else if name == "version" { wantsVersion = true } else { setFlag(name, on: &options) }
                } else {
                    throw UsageError("unknown option '--\(name)'")
                }
            } else if argument.hasPrefix("-"), argument.count > 1, !isNumber(argument) {
                // A cluster of short options; one taking a value ends it.
                var letters = Substring(argument.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    if let name = valued.first(where: { $0.value == letter })?.key {
                        try apply(name, try value(for: name, inline: letters.isEmpty ? nil : String(letters)), to: &options)
                        break
                    } else if let name = flags.first(where: { $0.value == letter })?.key {
                        if name == "help" { wantsHelp = true } else { wantsVersion = true }
                    } else {
                        throw UsageError("unknown option '-\(letter)'")
                    }
                }
            } else {
                words.append(argument)
            }
            index += 1
        }
        if wantsHelp { return .help }
        if wantsVersion { return .version }
        if !words.isEmpty {
            guard options.file == nil else { throw UsageError("give either a message or --file, not both") }
            let message = words.joined(separator: " ")
            guard !TerminalText.sanitize(message).trimmingCharacters(in: " ").isEmpty else {
                throw UsageError("the message is empty")
            }
            options.message = message
        }
        return .run(options)
    }

    private static func isNumber(_ text: String) -> Bool { Double(text) != nil }

    private static func setFlag(_ name: String, on options: inout Options) {
        switch name {
        case "once": options.once = true
        case "shuffle": options.shuffle = true
        case "static": options.staticText = true
        case "reduce-motion": options.reduceMotion = true
        case "snapshot": options.snapshot = true
        default: break
        }
    }

    private static func apply(_ name: String, _ value: String, to options: inout Options) throws(UsageError) {
        switch name {
        case "file":
            guard !value.isEmpty else { throw UsageError("option '--file' needs a file name") }
            options.file = value
        case "seconds":
            options.seconds = SecondsPerMessage.sanitize(try number(value, name))
        case "speed":
            let speed = try number(value, name)
            guard speed.isFinite, abs(speed) <= PlayerSettings.maximumSpeed else {
                throw UsageError("'--speed' must be between -\(Int(PlayerSettings.maximumSpeed)) and \(Int(PlayerSettings.maximumSpeed)), not '\(value)'")
            }
            options.speed = speed
        case "color", "colour":
            guard let color = LEDColor(parsing: value) else {
                throw UsageError("unknown colour '\(value)' (use \(LEDColor.names.map(\.name).joined(separator: ", ")) or #RRGGBB)")
            }
            options.color = color
        case "style":
            guard let style = LEDStyle(rawValue: value) else {
                throw UsageError("unknown style '\(value)' (use \(LEDStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            options.style = style
        case "font":
            guard !value.isEmpty else { throw UsageError("option '--font' needs a file name") }
            options.font = value
        case "sysfs-root":
            guard !value.isEmpty else { throw UsageError("option '--sysfs-root' needs a directory") }
            options.sysfsRoot = value
        case "thermal":
            if value == "auto" { options.thermal = nil } else if let state = ThermalState(name: value) { options.thermal = state } else {
                throw UsageError("unknown thermal state '\(value)' (use auto, nominal, fair, serious, critical)")
            }
        case "low-power":
            switch value {
            case "auto": options.lowPower = nil
            case "on": options.lowPower = true
            case "off": options.lowPower = false
            default: throw UsageError("unknown low-power mode '\(value)' (use auto, on, off)")
            }
        case "probe-interval":
            options.probeInterval = try positive(value, name, range: 0.1...3600)
        case "idle-timeout":
            options.idleTimeout = try positive(value, name, range: 0...86400)
        case "events":
            guard !value.isEmpty else { throw UsageError("option '--events' needs a file name") }
            options.events = value
        case "cols":
            options.snapshotColumns = try count(value, name)
        case "rows":
            options.snapshotRows = try count(value, name)
        case "at":
            options.snapshotAt = try positive(value, name, range: 0...86400)
        case "scale":
            if value == "auto" {
                options.scale = nil
            } else if let scale = Int(value), (1...64).contains(scale) {
                options.scale = scale
            } else {
                throw UsageError("'--scale' must be auto or a whole number from 1 to 64, not '\(value)'")
            }
        default:
            throw UsageError("unknown option '--\(name)'")
        }
    }

    private static func number(_ text: String, _ name: String) throws(UsageError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: " ")) else {
            throw UsageError("'--\(name)' needs a number, not '\(text)'")
        }
        return value
    }

    private static func positive(_ text: String, _ name: String, range: ClosedRange<Double>) throws(UsageError) -> Double {
        let value = try number(text, name)
        guard value.isFinite, range.contains(value) else {
            throw UsageError("'--\(name)' must be between \(format(range.lowerBound)) and \(format(range.upperBound)), not '\(text)'")
        }
        return value
    }

    private static func count(_ text: String, _ name: String) throws(UsageError) -> Int {
        guard let value = Int(text), (1...4096).contains(value) else {
            throw UsageError("'--\(name)' must be a whole number from 1 to 4096, not '\(text)'")
        }
        return value
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text = text.dropFirst() }
        while text.last == set { text = text.dropLast() }
        return String(text)
    }
}
