import Testing
@testable import MarqueeApp

/// One thing to complete: a command line with the cursor at its end, and
/// the replies expected, whatever the shell (``CompletionCases/normalised``).
struct CompletionCase: CustomStringConvertible {
    let line: String
    let expected: Set<String>

    var description: String { "'\(line)'" }
}

/// The cases every shell's script must pass: a few written out by hand, so
/// a wrong table is caught too, and the rest derived from ``OptionTable``,
/// so a script that drops an option or its values fails.
enum CompletionCases {
    /// The names in ``CompletionSandbox/files``; `fonts` is the one folder.
    static let files: Set = ["deck.json", "font.bdf", "fonts"]
    static let directories: Set = ["fonts"]

    // Spelled out from the table's fields, not with the scripts' own
    // helpers, so that a fault in those cannot hide here.
    static func longSpellings(_ option: OptionSpec) -> [String] { ([option.long] + option.aliases).map { "--" + $0 } }
    static func spellings(_ option: OptionSpec) -> [String] {
        longSpellings(option) + (option.short.map { ["-" + String($0)] } ?? [])
    }
    static let longSpellings = Set(OptionTable.all.flatMap(longSpellings))
    static let allSpellings = Set(OptionTable.all.flatMap(spellings))

    static let written: [CompletionCase] = [
        CompletionCase(line: "ledmarquee --sty", expected: ["--style"]),
        CompletionCase(line: "ledmarquee --col", expected: ["--color", "--colour", "--cols"]),
        CompletionCase(line: "ledmarquee --style ", expected: ["dots", "blocks", "half", "braille"]),
        CompletionCase(line: "ledmarquee --style=", expected: ["dots", "blocks", "half", "braille"]),
        CompletionCase(line: "ledmarquee --style=b", expected: ["blocks", "braille"]),
        CompletionCase(line: "ledmarquee --thermal ", expected: ["auto", "nominal", "fair", "serious", "critical"]),
        CompletionCase(line: "ledmarquee -c ", expected: ["red", "amber", "green", "blue", "white", "cyan", "magenta", "rainbow"]),
        CompletionCase(line: "ledmarquee --low-power o", expected: ["on", "off"]),
        CompletionCase(line: "ledmarquee --font ", expected: files),
        CompletionCase(line: "ledmarquee --font f", expected: ["font.bdf", "fonts"]),
        CompletionCase(line: "ledmarquee --sysfs-root ", expected: directories),
        CompletionCase(line: "ledmarquee --sysfs-root=", expected: directories),
        CompletionCase(line: "ledmarquee -f ", expected: files),
        CompletionCase(line: "ledmarquee --speed ", expected: []),
        // The message: no options and no file names.
        CompletionCase(line: "ledmarquee HELLO ", expected: []),
        CompletionCase(line: "ledmarquee -- --", expected: []),
        CompletionCase(line: "ledmarquee -- ", expected: []),
        CompletionCase(line: "ledmarquee --style dots --on", expected: ["--once"]),
    ]

    /// Every option named after `--` and `-`, and every value-taking
    /// spelling followed by a space and (long ones) by `=`.
    static var derived: [CompletionCase] {
        var cases = [
            CompletionCase(line: "ledmarquee --", expected: longSpellings),
            CompletionCase(line: "ledmarquee -", expected: allSpellings),
        ]
        for option in OptionTable.all where option.takesValue {
            let expected = values(option.value)
            for spelling in spellings(option) {
                cases.append(CompletionCase(line: "ledmarquee \(spelling) ", expected: expected))
                if spelling.hasPrefix("--") {
                    cases.append(CompletionCase(line: "ledmarquee \(spelling)=", expected: expected))
                }
            }
        }
        return cases
    }

    static var all: [CompletionCase] { written + derived + send }

    /// After `ledmarquee send`, from ``RemoteCommandTable`` and
    /// ``SendArguments`` (spelled out here, not from the scripts' model):
    /// the command words, `send`'s own options and the command's (any
    /// command's before one is typed), their values, and file names where
    /// the command's word is a file; never the sign's own options.
    static var send: [CompletionCase] {
        let commands = Set(RemoteCommandTable.all.map(\.name) + [SendArguments.deckCommand, SendArguments.forgetCommand, SendArguments.listCommand])
        let own = Set(SendArguments.options.flatMap(longSpellings))
        let everyOption = Set(RemoteCommandTable.all.flatMap(\.options).map { "--" + $0.field })
        var cases = [
            CompletionCase(line: "ledmarquee send ", expected: commands),
            CompletionCase(line: "ledmarquee send s", expected: ["say", "snapshot", "status"]),
            CompletionCase(line: "ledmarquee send snapshot --png ", expected: files),
            CompletionCase(line: "ledmarquee send --name lobby ", expected: commands),
            CompletionCase(line: "ledmarquee send --", expected: own.union(everyOption)),
            CompletionCase(line: "ledmarquee send say HELLO --col", expected: ["--color"]),
            CompletionCase(line: "ledmarquee send say HELLO --style=", expected: ["dots", "blocks", "half", "braille"]),
            CompletionCase(line: "ledmarquee send --control ", expected: files),
            CompletionCase(line: "ledmarquee send load ", expected: files),
            CompletionCase(line: "ledmarquee send --mqtt mqtt://b deck f", expected: ["font.bdf", "fonts"]),
            CompletionCase(line: "ledmarquee send say ", expected: []),
            CompletionCase(line: "ledmarquee send say HELLO ", expected: []),
            CompletionCase(line: "ledmarquee send goto ", expected: []),
        ]
        for spec in RemoteCommandTable.all {
            let options = Set(spec.options.map { "--" + $0.field })
            cases.append(CompletionCase(line: "ledmarquee send \(spec.name) --", expected: own.union(options)))
            for argument in spec.arguments where argument.form == .option || argument.form == .local {
                let expected: Set<String> = switch argument.value {
                case .choice(let words): Set(words)
                case .file: files
                default: []
                }
                cases.append(CompletionCase(line: "ledmarquee send \(spec.name) --\(argument.field) ", expected: expected))
            }
        }
        return cases
    }

    static func values(_ value: OptionSpec.Value) -> Set<String> {
        switch value {
        case .none, .number, .text: []
        case .choice(let words): Set(words)
        case .file: files
        case .directory: directories
        }
    }

    /// Checks a shell's replies, by command line, against every case.
    static func expect(_ replies: [String: [String]], match cases: [CompletionCase],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        for item in cases {
            guard let reply = replies[item.line] else {
                Issue.record("no reply for \(item)", sourceLocation: sourceLocation)
                continue
            }
            #expect(normalised(reply, for: item.line) == item.expected, "\(item)", sourceLocation: sourceLocation)
        }
    }

    /// Replies made comparable across shells: without the `--option=` some
    /// shells repeat, without the "/" some put after a folder, no blanks.
    static func normalised(_ replies: [String], for line: String) -> Set<String> {
        let last = line.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let prefix = last.hasPrefix("--") && last.contains("=") ? String(last[...last.firstIndex(of: "=")!]) : ""
        return Set(replies.compactMap { reply in
            var reply = reply
            if !prefix.isEmpty, reply.hasPrefix(prefix) { reply.removeFirst(prefix.count) }
            while reply.hasSuffix("/"), reply.count > 1 { reply.removeLast() }
            return reply.isEmpty ? nil : reply
        })
    }

    /// Splits what a driver printed — `<query>LINE` then one reply a line —
    /// into the replies for each line (no reply is blank: a blank line is
    /// the end of the output, or bash's printf of an empty COMPREPLY).
    static func parse(_ output: String) -> [String: [String]] {
        var replies: [String: [String]] = [:]
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("<query>") {
                current = String(line.dropFirst("<query>".count))
                replies[current!] = []
            } else if let query = current, !line.isEmpty {
                replies[query]!.append(line)
            }
        }
        return replies
    }
}
