import MarqueeCore

/// The words of `ledmarquee send [--name N | --control PATH] COMMAND [ARGS]`
/// (docs/control.md), read into the one request line to send. Options may
/// come before or after the command; `--` ends them, so a message may start
/// with a dash.
struct SendArguments: Equatable {
    var name: String?
    var control: String?
    /// `--mqtt URL` and its options: publish to a fleet (docs/fleet.md).
    var fleet: Fleet?
    /// The request's `cmd`.
    var command: String
    /// The request, one JSON object without its newline.
    var request: String

    /// Where `send --mqtt` publishes, and how it logs in.
    struct Fleet: Equatable {
        var broker: BrokerAddress
        var prefix = FleetTopics.defaultPrefix
        var caFile: String?
        var passwordFile: String?
        /// `deck FILE`: the file to publish, as given.
        var deckPath: String?
    }

    /// The options of `send --mqtt`.
    static let fleetOptions = ["mqtt", "mqtt-topic", "mqtt-ca", "mqtt-password-file"]

    /// The help `send --help` prints.
    static let usage = """
        Usage: ledmarquee send [--name NAME | --control PATH] COMMAND [ARGS]
               ledmarquee send --mqtt URL [--mqtt-topic PREFIX] [--name NAME] COMMAND [ARGS]
        Commands:
          say TEXT [--caption C] [--seconds N] [--for N] [LOOK]
          next | prev | pause | resume | clear | status | watch
          goto N            the Nth message, from 1
          load FILE         a cue file or .json deck
          add TEXT [--caption C] [--seconds N] [LOOK]
        LOOK, the message's own: [--color C] [--style S] [--speed N] [--static]
        With --mqtt, to every sign of the fleet, or to the one --name names:
          deck FILE         publish FILE as the fleet's deck (retained)
          status            every sign's status, one JSON line each
        (not watch or load: see docs/fleet.md). --mqtt-ca FILE and
        --mqtt-password-file FILE are the sign's (ledmarquee --help).
        See docs/control.md, docs/fleet.md and ledmarquee(1).

        """

    /// What each command takes after it: its words, and its options (in
    /// the order the request has them). `--static` alone is a flag.
    private static let takes: [String: (words: ClosedRange<Int>, options: [String])] = [
        "say": (1...Int.max, ["caption", "color", "style", "seconds", "for", "speed", "static"]),
        "add": (1...Int.max, ["caption", "color", "style", "seconds", "speed", "static"]),
        "goto": (1...1, []), "load": (1...1, []), "deck": (1...1, []),
        "next": (0...0, []), "prev": (0...0, []), "pause": (0...0, []), "resume": (0...0, []),
        "clear": (0...0, []), "status": (0...0, []), "watch": (0...0, []),
    ]

    /// Every option some `send` command takes (`--for`, `--caption`, …),
    /// so documents may name them beside the sign's own.
    static var optionNames: Set<String> { Set(takes.values.flatMap(\.options)) }

    /// nil for `--help`; `cwd` makes a relative `load FILE` absolute, as
    /// the sign may run elsewhere.
    static func parse(_ arguments: [String], cwd: String) throws(UsageError) -> SendArguments? {
        var words: [String] = []
        var options: [String: String] = [:]
        var name: String?
        var control: String?
        var fleetValues: [String: String] = [:]
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                guard optionsEnded || argument != "-h" else { return nil }
                words.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (option, inline) = CommandLineParser.splitAtEquals(argument.unicodeScalars.dropFirst(2))
            if option == "help" { return nil }
            guard ["name", "control"].contains(option) || fleetOptions.contains(option) || optionNames.contains(option) else {
                throw UsageError("send: unknown option '--\(OptionValues.shown(option))'")
            }
            if option == "static" {
                guard inline == nil else { throw UsageError("send: '--static' takes no value") }
                options[option] = "true"
                continue
            }
            var value = inline
            if value == nil {
                guard index < arguments.count else { throw UsageError("send: option '--\(option)' needs a value") }
                value = arguments[index]
                index += 1
            }
            switch option {
            case "name": name = value
            case "control": control = value
            case let fleetOption where fleetOptions.contains(fleetOption): fleetValues[fleetOption] = value
            default: options[option] = value
            }
        }
        guard let command = words.first else { throw UsageError("send: which command? (say, next, prev, goto, pause, resume, load, add, clear, status, watch)") }
        guard let takes = takes[command] else { throw UsageError("send: unknown command '\(OptionValues.shown(command))'") }
        let rest = Array(words.dropFirst())
        guard takes.words.contains(rest.count) else {
            throw UsageError(takes.words.upperBound == 0 ? "send: '\(command)' takes no argument"
                             : command == "say" || command == "add" ? "send: '\(command)' needs a message"
                             : "send: '\(command)' takes one argument")
        }
        if let other = options.keys.sorted().first(where: { !takes.options.contains($0) }) {
            throw UsageError("send: '\(command)' takes no --\(other)")
        }
        if let name { do { try ControlSocketPath.validate(name: name) } catch { throw UsageError("send: " + error.message) } }
        let fleet = try fleet(fleetValues, command: command, rest: rest, control: control)
        var json = JSONObjectWriter()
        json.add("cmd", command)
        switch command {
        case "say", "add":
            json.add("text", rest.joined(separator: " "))
            for option in takes.options {
                guard let value = options[option] else { continue }
                let field = option
                if option == "static" {
                    json.add(field, true)
                } else if option == "seconds" || option == "for" || option == "speed" {
                    guard let number = Double(value), number.isFinite else {
                        throw UsageError("send: '--\(option)' needs a number, not '\(OptionValues.shown(value))'")
                    }
                    json.add(field, number)
                } else {
                    json.add(field, value)
                }
            }
        case "goto":
            guard let number = Int(rest[0]), number >= 1 else {
                throw UsageError("send: 'goto' needs a message number from 1, not '\(OptionValues.shown(rest[0]))'")
            }
            json.add("index", number)
        case "deck":
            break  // the file itself is published (`fleet.deckPath`)
        case "load":
            let path = rest[0]
            guard !path.isEmpty else { throw UsageError("send: 'load' needs a file name") }
            json.add("path", path.hasPrefix("/") ? path : (cwd.hasSuffix("/") ? cwd : cwd + "/") + path)
        default:
            break
        }
        return SendArguments(name: name, control: control, fleet: fleet, command: command, request: json.finish())
    }

    /// The fleet options, checked against the command: `deck` needs a
    /// broker, and a broker takes neither `--control`, `watch` nor `load`.
    private static func fleet(_ values: [String: String], command: String, rest: [String],
                              control: String?) throws(UsageError) -> Fleet? {
        guard let url = values["mqtt"] else {
            if let other = fleetOptions.first(where: { values[$0] != nil }) { throw UsageError("send: --\(other) needs --mqtt") }
            if command == "deck" { throw UsageError("send: 'deck' publishes to a fleet: it needs --mqtt URL") }
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
        switch command {
        case "watch": throw UsageError("send: 'watch' is for one sign's control socket; with --mqtt, use status")
        case "load": throw UsageError("send: with --mqtt, publish a deck with 'deck FILE' ('load' reads a file on the sign)")
        case "deck":
            guard !rest[0].isEmpty else { throw UsageError("send: 'deck' needs a file name") }
            fleet.deckPath = rest[0]
        default: break
        }
        return fleet
    }
}
