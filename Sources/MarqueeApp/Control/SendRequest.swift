import MarqueeCore

/// The request line `ledmarquee send` writes for one command of
/// ``RemoteCommandTable``, from the words after it and its options, each
/// argument checked as its ``RemoteArgument/Value`` says. The sign checks
/// every value again; this catches the typo before a connection is made.
enum SendRequest {
    static func line(_ spec: RemoteCommandSpec, words: [String], options: [String: String], cwd: String) throws(UsageError) -> String {
        let command = spec.name
        guard spec.wordCount.contains(words.count) else {
            switch spec.wordCount.upperBound {
            case 0: throw UsageError("send: '\(command)' takes no argument")
            case 1: throw UsageError("send: '\(command)' takes one argument")
            default: throw UsageError("send: '\(command)' needs a message")
            }
        }
        if let other = options.keys.sorted().first(where: { option in !spec.options.contains { $0.field == option } }) {
            throw UsageError("send: '\(command)' takes no --\(other)")
        }
        for argument in spec.arguments where argument.form == .local && (options[argument.field] ?? "").isEmpty {
            throw UsageError("send: '\(command)' needs --\(argument.field) \(argument.placeholder)")
        }
        var json = JSONObjectWriter()
        json.add("cmd", command)
        for argument in spec.arguments {
            let written: String
            switch argument.form {
            case .message: written = words.joined(separator: " ")
            case .word: written = words[0]
            case .option, .flag:
                guard let value = options[argument.field] else { continue }
                written = value
            case .requestOnly, .local: continue
            }
            try add(argument, written, command: command, cwd: cwd, to: &json)
        }
        return json.finish()
    }

    private static func add(_ argument: RemoteArgument, _ written: String, command: String, cwd: String,
                            to json: inout JSONObjectWriter) throws(UsageError) {
        let field = argument.field
        switch argument.value {
        case .boolean:
            json.add(field, true)
        case .number:
            guard let number = Double(written), number.isFinite else {
                throw UsageError("send: '--\(field)' needs a number, not '\(OptionValues.shown(written))'")
            }
            json.add(field, number)
        case .position:
            guard let number = Int(written), number >= 1 else {
                throw UsageError("send: '\(command)' needs a message number from 1, not '\(OptionValues.shown(written))'")
            }
            json.add(field, number)
        case .percent:
            guard let brightness = Brightness(parsing: written) else {
                throw UsageError("send: '--\(field)' must be \(Brightness.rule), not '\(OptionValues.shown(written))'")
            }
            json.add(field, brightness.percent)
        case .file:
            guard !written.isEmpty else { throw UsageError("send: '\(command)' needs a file name") }
            json.add(field, written.hasPrefix("/") ? written : (cwd.hasSuffix("/") ? cwd : cwd + "/") + written)
        case .text, .choice, .json:
            json.add(field, written)
        }
    }
}
