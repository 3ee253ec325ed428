import MarqueeCore

/// GNU-style option parsing driven by ``OptionTable``: `--opt value`,
/// `--opt=value`, `-f FILE`, `-fFILE`, short clusters (`-hV`), `--` ends
/// options, and a number such as `-5` is a word, not an option. Names,
/// aliases and letters are looked up in the table; only turning a value
/// into an ``Options`` field is code (``OptionValues``). The config file's
/// options (``ConfigFile``) go through the same code first, so the command
/// line wins (docs/command-line.md). Written here because SwiftPM cannot
/// fetch swift-argument-parser on these machines.
public enum CommandLineParser {
    /// One option as given, on the command line or on a config file line.
    struct Assignment: Equatable {
        let spec: OptionSpec
        let value: String?
        /// `FILE:LINE` for a config file line; nil on the command line.
        let place: String?
    }

    /// The command line split into options and words, before any value is
    /// converted or any config file read.
    struct Scan {
        var assignments: [Assignment] = []
        var words: [String] = []

        func has(_ long: String) -> Bool { assignments.contains { $0.spec.long == long } }

        /// Which config file to read: the last of `--config` and `--no-config`.
        var configChoice: ConfigFile.Choice {
            guard let last = assignments.last(where: { $0.spec.long == "config" || $0.spec.long == "no-config" }) else {
                return .standard
            }
            return last.value.map(ConfigFile.Choice.file) ?? .none
        }
    }

    /// Parses `arguments` after the config file that `environment` points
    /// at (see ``ConfigFile``). The default, no environment, reads no file
    /// unless `--config` names one.
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Command {
        let scan = try scan(arguments)
        if let command = try earlyCommand(scan) { return command }
        return try build(config: try ConfigFile.load(scan.configChoice, environment: environment), scan)
    }

    /// Parses `arguments` after a config file's bytes named `configName`,
    /// as if that file had been read; for tests and the fuzz target.
    public static func parse(_ arguments: [String], configBytes: [UInt8], configName: String) throws(UsageError) -> Command {
        let scan = try scan(arguments)
        if let command = try earlyCommand(scan) { return command }
        return try build(config: try ConfigFile.parse(configBytes, name: configName), scan)
    }

    static func scan(_ arguments: [String]) throws(UsageError) -> Scan {
        var scan = Scan()
        var index = 0

        func value(for name: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError("option '\(name)' needs a value") }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                scan.words += arguments[(index + 1)...]
                break
            }
            if argument.hasPrefix("--") {
                let (name, inline) = splitAtEquals(argument.unicodeScalars.dropFirst(2))
                guard let spec = OptionTable.named(name) else { throw UsageError("unknown option '--\(OptionValues.shown(name))'") }
                if spec.takesValue {
                    scan.assignments.append(Assignment(spec: spec, value: try value(for: "--\(name)", inline: inline), place: nil))
                } else {
                    guard inline == nil else { throw UsageError("option '--\(name)' takes no value") }
                    scan.assignments.append(Assignment(spec: spec, value: nil, place: nil))
                }
            } else if argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                // A cluster of short options; one taking a value ends it.
                var letters = Substring(argument.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    guard let spec = OptionTable.short(letter) else {
                        throw UsageError("unknown option '-\(OptionValues.shown(String(letter)))'")
                    }
                    if spec.takesValue {
                        let inline = letters.isEmpty ? nil : String(letters)
                        scan.assignments.append(Assignment(spec: spec, value: try value(for: "-\(letter)", inline: inline), place: nil))
                        break
                    }
                    scan.assignments.append(Assignment(spec: spec, value: nil, place: nil))
                }
            } else {
                scan.words.append(argument)
            }
            index += 1
        }
        return scan
    }

    /// `name=value` split at the first `=`, by scalars: as characters, `=`
    /// followed by a combining mark would be one character and no `=`.
    static func splitAtEquals(_ scalars: Substring.UnicodeScalarView) -> (name: String, value: String?) {
        guard let equals = scalars.firstIndex(of: "=") else { return (String(scalars), nil) }
        return (String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
    }

    /// `--help`, `--version` and `--completions` answer without reading a
    /// config file (a broken one must not hide the help) or converting a
    /// value; help wins over everything, then version.
    static func earlyCommand(_ scan: Scan) throws(UsageError) -> Command? {
        if scan.has("help") { return .help }
        if scan.has("version") { return .version }
        guard let completions = scan.assignments.last(where: { $0.spec.long == "completions" }),
              case .choice(let shells) = completions.spec.value else { return nil }
        let shell = OptionValues.lowercased(completions.value ?? "")
        guard shells.contains(shell) else {
            throw UsageError("unknown shell '\(OptionValues.shown(completions.value ?? ""))' (use \(shells.joined(separator: ", ")))")
        }
        return .completions(shell)
    }

    static func build(config: [Assignment], _ scan: Scan) throws(UsageError) -> Command {
        var options = Options()
        var warnings: [String] = []
        for assignment in config + scan.assignments {
            try OptionValues.apply(assignment, to: &options, warnings: &warnings)
        }
        do {
            try checkCombinations(options, given: Set((config + scan.assignments).map(\.spec.long)))
        } catch {
            throw located(error, in: config + scan.assignments)
        }
        if !scan.words.isEmpty {
            guard options.file == nil else { throw UsageError("give either a message or --file, not both") }
            guard options.follow == nil else { throw UsageError("give either a message or --follow, not both") }
            guard options.feed == nil else { throw UsageError("give either a message or --feed, not both") }
            let message = scan.words.joined(separator: " ")
            guard !TerminalText.sanitize(message).trimmingCharacters(in: " ").isEmpty else {
                throw UsageError("the message is empty")
            }
            options.message = message
        }
        return .run(options, warnings: warnings)
    }
}

extension CommandLineParser {
    /// The checks of options that do not go together, or one that needs
    /// another: made once every option is applied, the config file's too.
    /// `given` names (long) every option set, in the config file or on the
    /// command line: some are refused for being set at all, whatever value.
    static func checkCombinations(_ options: Options, given: Set<String>) throws(UsageError) {
        try checkLiveOptions(options, given: given)
        try checkFleetOptions(options)
        try checkHeadless(options)
        try checkPreview(options)
        try checkExport(options, given: given)
        // Each sign would shuffle its own way, and signs in step must agree.
        if options.sync, options.shuffle {
            throw UsageError("--sync plays the deck's own order on every sign; it cannot be used with --shuffle")
        }
        // A mode without hours would be a silent no-op (docs/schedules.md).
        if options.quietMode != nil, options.quiet == nil { throw UsageError("--quiet-mode needs --quiet") }
        if options.rowsOfLEDs != nil, !options.grid.isClassic {
            throw UsageError("--rows-of-leds sizes the classic sign's LEDs: it needs --leds round or square")
        }
        // A cap on a log that is not written would be a silent no-op; its
        // value cannot tell (64M is also the default), so being set is asked.
        if given.contains("events-max"), options.events == nil { throw UsageError("--events-max needs --events") }
    }

    /// A combination's error, said at the config file's line when the
    /// option it names first was set there (`FILE:LINE: --mqtt-ca needs
    /// --mqtt`): whoever reads it can find what to change.
    static func located(_ error: UsageError, in assignments: [Assignment]) -> UsageError {
        guard let start = error.message.firstRange(of: "--") else { return error }
        let name = error.message[start.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        guard let place = assignments.last(where: { $0.spec.long == name || $0.spec.aliases.contains(String(name)) })?.place else {
            return error
        }
        return UsageError("\(place): " + error.message)
    }

    /// `--follow` is a file of its own; `--latest` and `--format` only mean
    /// something for live input, so they need it.
    static func checkLiveOptions(_ options: Options, given: Set<String>) throws(UsageError) {
        if options.follow != nil, options.file != nil { throw UsageError("give either --file or --follow, not both") }
        if options.feed != nil, options.file != nil || options.follow != nil {
            throw UsageError("give one of --file, --follow and --feed (a deck can mix feeds and messages: docs/feeds.md)")
        }
        if options.follow == "-" { throw UsageError("'--follow -' is refused: follow a file; standard input is read live with -f -") }
        let live = options.file == "-" || options.follow != nil
        if options.latest, !live { throw UsageError("--latest needs -f - or --follow") }
        if given.contains("format"), options.file != "-" { throw UsageError("--format needs -f - (a file's name says what it is)") }
    }

    /// The broker's options mean nothing without a broker; a CA, nothing
    /// without TLS.
    static func checkFleetOptions(_ options: Options) throws(UsageError) {
        guard let broker = options.mqtt else {
            for (name, value) in [("mqtt-topic", options.mqttTopic), ("mqtt-ca", options.mqttCA),
                                  ("mqtt-password-file", options.mqttPasswordFile)] where value != nil {
                throw UsageError("--\(name) needs --mqtt")
            }
            return
        }
        if options.mqttCA != nil, !broker.tls { throw UsageError("--mqtt-ca needs an mqtts:// broker") }
        if options.snapshot { throw UsageError("--snapshot draws one frame alone; it cannot join a fleet (--mqtt)") }
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
