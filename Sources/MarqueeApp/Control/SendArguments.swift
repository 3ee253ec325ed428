import MarqueeCore

/// The words of `ledmarquee send [--name N | --control PATH] COMMAND [ARGS]`
/// (docs/control.md), read into the one request line to send. The commands
/// and their arguments are ``RemoteCommandTable``'s; options may come before
/// or after the command; `--` ends them, so a message may start with a dash.
struct SendArguments: Equatable {
    var name: String?
    var control: String?
    /// `--mqtt URL` and its options: publish to a fleet (docs/fleet.md).
    var fleet: Fleet?
    /// The request's `cmd`, or one of `send`'s own: ``listCommand``, `deck`.
    var command: String
    /// The request, one JSON object without its newline (empty for `ls`
    /// and `deck`, which send no request line).
    var request: String
    /// Where `send` writes the sign's answer (`snapshot --png FILE`), as
    /// given: `send` writes it, in its own directory.
    var outputPath: String? = nil

    /// Where `send --mqtt` publishes, and how it logs in.
    struct Fleet: Equatable {
        var broker: BrokerAddress
        var prefix = FleetTopics.defaultPrefix
        var caFile: String?
        var passwordFile: String?
        /// `deck FILE`: the file to publish, as given.
        var deckPath: String?
        /// `forget NAME`: the sign whose retained status to remove.
        var forgetName: String?
        /// `--wait S`: how long the signs addressed may take to answer.
        var waitSeconds = FleetSend.defaultWaitSeconds
        /// `status --json`: the retained statuses as they are.
        var json = false
        /// `forget --force`: even a sign whose status says online.
        var force = false
    }

    /// `send --list` or `send ls`: the signs running, by name.
    static let listCommand = "ls"
    /// `send --mqtt … deck FILE`: a deck published to the fleet.
    static let deckCommand = "deck"
    /// `send --mqtt … forget NAME`: a gone sign's retained status removed.
    static let forgetCommand = "forget"

    /// `send`'s own options, beside the commands' (``RemoteCommandTable``).
    static let options: [OptionSpec] = [
        OptionSpec("name", placeholder: "NAME", value: .text,
                   summary: "the sign of this name (default: the only one running, else default)"),
        OptionSpec("control", placeholder: "PATH", value: .file, summary: "the sign listening on this socket"),
        OptionSpec("list", summary: "list the signs running on this machine, by name (also: ls)"),
        OptionSpec("mqtt", placeholder: "URL", value: .text, summary: "publish to the fleet on this MQTT broker"),
        OptionSpec("mqtt-topic", placeholder: "PREFIX", value: .text, defaultText: FleetTopics.defaultPrefix,
                   summary: "with --mqtt: the fleet's topic prefix"),
        OptionSpec("mqtt-ca", placeholder: "FILE", value: .file, summary: "with mqtts://: the CA certificate"),
        OptionSpec("mqtt-password-file", placeholder: "FILE", value: .file, summary: "with --mqtt: USER:PASSWORD from FILE"),
        OptionSpec("wait", placeholder: "S", value: .number, defaultText: "5",
                   summary: "with --mqtt: seconds the signs addressed have to answer"),
        OptionSpec("json", summary: "with --mqtt status: each retained status as it is, one JSON line each"),
        OptionSpec("force", summary: "with --mqtt forget: even a sign whose status says online"),
        OptionSpec("help", short: "h", summary: "show this help"),
    ]

    /// The options of `send --mqtt`.
    static let fleetOptions = ["mqtt", "mqtt-topic", "mqtt-ca", "mqtt-password-file", "wait", "json", "force"]

    /// Every option some `send` command takes (`--for`, `--caption`, …)
    /// and `send`'s own, so documents may name them beside the sign's.
    static var optionNames: Set<String> { Set(commandOptions.map(\.field) + options.map(\.long)) }

    /// The options of every command, each once (a name means the same
    /// wherever it appears: a test holds the table to it).
    static var commandOptions: [RemoteArgument] {
        var seen = Set<String>()
        return RemoteCommandTable.all.flatMap(\.options).filter { seen.insert($0.field).inserted }
    }

    /// nil for `--help`; `cwd` makes a relative `load FILE` absolute, as
    /// the sign may run elsewhere.
    static func parse(_ arguments: [String], cwd: String) throws(UsageError) -> SendArguments? {
        guard let read = try Words.read(arguments) else { return nil }
        var options = read.options
        let name = options.removeValue(forKey: "name")
        let control = options.removeValue(forKey: "control")
        var fleetValues: [String: String] = [:]
        for option in fleetOptions { fleetValues[option] = options.removeValue(forKey: option) }
        let listing = options.removeValue(forKey: "list") != nil
        var words = read.words
        if listing { words.insert(listCommand, at: 0) }
        guard let command = words.first else {
            throw UsageError("send: which command? (\(RemoteCommandTable.all.map(\.name).joined(separator: ", ")))")
        }
        let rest = Array(words.dropFirst())
        if let name { do { try ControlSocketPath.validate(name: name) } catch { throw UsageError("send: " + error.message) } }
        if command == listCommand {
            // Named as typed: `ls x` is not a mistake with `--list`.
            let spelled = listing ? "'--list'" : "'\(listCommand)'"
            guard rest.isEmpty || (listing && rest == [listCommand]) else { throw UsageError("send: \(spelled) takes no command") }
            if let option = options.keys.sorted().first { throw UsageError("send: \(spelled) takes no --\(option)") }
            if name != nil || control != nil || !fleetValues.isEmpty {
                throw UsageError("send: \(spelled) finds the signs of this machine; it takes no --name, --control or --mqtt")
            }
            return SendArguments(name: nil, control: nil, fleet: nil, command: listCommand, request: "")
        }
        if command == deckCommand || command == forgetCommand {
            guard rest.count == 1 else { throw UsageError("send: '\(command)' takes one argument") }
            if let option = options.keys.sorted().first { throw UsageError("send: '\(command)' takes no --\(option)") }
            if command == forgetCommand, name != nil { throw UsageError("send: 'forget' takes the sign's name as its argument, not --name") }
            let fleet = try fleet(fleetValues, command: command, rest: rest, control: control)
            return SendArguments(name: name, control: control, fleet: fleet, command: command, request: "")
        }
        guard let spec = RemoteCommandTable.named(command) else {
            throw UsageError("send: unknown command '\(OptionValues.shown(command))'")
        }
        let request = try SendRequest.line(spec, words: rest, options: options, cwd: cwd)
        let fleet = try fleet(fleetValues, command: command, rest: rest, control: control)
        let outputPath = spec.arguments.first { $0.form == .local }.flatMap { options[$0.field] }
        if outputPath != nil, fleet != nil, name == nil {
            throw UsageError("send: '\(command)' with --mqtt is one sign's: give its --name")
        }
        return SendArguments(name: name, control: control, fleet: fleet, command: command, request: request, outputPath: outputPath)
    }

    /// The fleet options, checked against the command: `deck` needs a
    /// broker, and a broker takes neither `--control` nor the commands the
    /// table says a fleet cannot carry (`watch`, `load`).
    private static func fleet(_ values: [String: String], command: String, rest: [String],
                              control: String?) throws(UsageError) -> Fleet? {
        guard let url = values["mqtt"] else {
            if let other = fleetOptions.first(where: { values[$0] != nil }) { throw UsageError("send: --\(other) needs --mqtt") }
            if command == deckCommand || command == forgetCommand {
                throw UsageError("send: '\(command)' publishes to a fleet: it needs --mqtt URL")
            }
            return nil
        }
        var fleet: Fleet
        do { fleet = Fleet(broker: try BrokerAddress.parse(url)) } catch { throw UsageError("send: " + error.message) }
        if let prefix = values["mqtt-topic"] {
            do { try FleetTopics.validate(prefix: prefix) } catch { throw UsageError("send: " + error.message) }
            fleet.prefix = prefix
        }
        fleet.caFile = values["mqtt-ca"]
        fleet.passwordFile = values["mqtt-password-file"]
        if fleet.caFile != nil, !fleet.broker.tls { throw UsageError("send: --mqtt-ca needs an mqtts:// broker") }
        if control != nil { throw UsageError("send: give --mqtt or --control, not both") }
        if let refusal = RemoteCommandTable.named(command)?.fleetRefusal { throw UsageError("send: " + refusal) }
        if command == deckCommand {
            guard rest.count == 1, !rest[0].isEmpty else { throw UsageError("send: 'deck' needs a file name") }
            fleet.deckPath = rest[0]
        }
        if command == forgetCommand {
            do { try ControlSocketPath.validate(name: rest[0]) } catch { throw UsageError("send: forget: " + error.message) }
            fleet.forgetName = rest[0]
        }
        fleet.json = values["json"] != nil
        fleet.force = values["force"] != nil
        if fleet.json, command != "status" { throw UsageError("send: --json is for --mqtt status") }
        if fleet.force, command != forgetCommand { throw UsageError("send: --force is for --mqtt forget") }
        if let wait = values["wait"] {
            guard [deckCommand, forgetCommand, "status"].allSatisfy({ $0 != command }) else {
                throw UsageError("send: --wait is for the commands the signs answer, not '\(command)'")
            }
            guard let seconds = Double(wait), seconds > 0, seconds <= FleetSend.maximumWaitSeconds else {
                throw UsageError("send: --wait must be more than 0 and at most \(Int(FleetSend.maximumWaitSeconds)) seconds")
            }
            fleet.waitSeconds = seconds
        }
        return fleet
    }

    /// The words and options of `send`'s command line, before the command
    /// is known (options may come first).
    private struct Words {
        var words: [String] = []
        var options: [String: String] = [:]

        /// Flags: nothing follows them; `true` is recorded.
        static var flags: Set<String> {
            Set(SendArguments.options.filter { !$0.takesValue }.map(\.long) + commandOptions.filter { $0.form == .flag }.map(\.field))
        }

        /// nil for `--help` (or `-h` before `--`).
        static func read(_ arguments: [String]) throws(UsageError) -> Words? {
            var read = Words()
            let known = optionNames
            let flags = flags
            var index = 0
            var optionsEnded = false
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                    guard optionsEnded || argument != "-h" else { return nil }
                    read.words.append(argument)
                    continue
                }
                if argument == "--" {
                    optionsEnded = true
                    continue
                }
                let (written, inline) = CommandLineParser.splitAtEquals(argument.unicodeScalars.dropFirst(2))
                // The main command's other spellings (`--colour`) hold here too.
                let option = OptionTable.canonicalName[written].flatMap { known.contains($0) ? $0 : nil } ?? written
                if option == "help" { return nil }
                guard known.contains(option) else { throw UsageError("send: unknown option '--\(OptionValues.shown(option))'") }
                if flags.contains(option) {
                    guard inline == nil else { throw UsageError("send: '--\(option)' takes no value") }
                    read.options[option] = "true"
                    continue
                }
                var value = inline
                if value == nil {
                    guard index < arguments.count else { throw UsageError("send: option '--\(option)' needs a value") }
                    value = arguments[index]
                    index += 1
                }
                read.options[option] = value
            }
            return read
        }
    }
}
