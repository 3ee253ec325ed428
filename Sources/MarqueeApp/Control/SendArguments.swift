import MarqueeCore

/// The words of `ledmarquee send [--name N | --control PATH] COMMAND [ARGS]`
/// (docs/control.md), read into the one request line to send. Options may
/// come before or after the command; `--` ends them, so a message may start
/// with a dash.
struct SendArguments: Equatable {
    var name: String?
    var control: String?
    /// The request's `cmd`.
    var command: String
    /// The request, one JSON object without its newline.
    var request: String

    /// The help `send --help` prints.
    static let usage = """
        Usage: ledmarquee send [--name NAME | --control PATH] COMMAND [ARGS]
        Commands:
          say TEXT [--caption C] [--seconds N] [--for N] [LOOK]
          next | prev | pause | resume | clear | status | watch
          goto N            the Nth message, from 1
          load FILE         a cue file or .json deck
          add TEXT [--caption C] [--seconds N] [LOOK]
        LOOK, the message's own: [--color C] [--style S] [--speed N] [--static]
        See docs/control.md and ledmarquee(1).

        """

    /// What each command takes after it: its words, and its options (in
    /// the order the request has them). `--static` alone is a flag.
    private static let takes: [String: (words: ClosedRange<Int>, options: [String])] = [
        "say": (1...Int.max, ["caption", "color", "style", "seconds", "for", "speed", "static"]),
        "add": (1...Int.max, ["caption", "color", "style", "seconds", "speed", "static"]),
        "goto": (1...1, []), "load": (1...1, []),
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
            guard ["name", "control"].contains(option) || optionNames.contains(option) else {
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
        case "load":
            let path = rest[0]
            guard !path.isEmpty else { throw UsageError("send: 'load' needs a file name") }
            json.add("path", path.hasPrefix("/") ? path : (cwd.hasSuffix("/") ? cwd : cwd + "/") + path)
        default:
            break
        }
        return SendArguments(name: name, control: control, command: command, request: json.finish())
    }
}
