import MarqueeCore

/// Every remote command of a sign, in the order `send --help` lists them
/// (docs/control.md): the one place a command is declared. The control
/// parser, the fleet's `cmd` payloads, `ledmarquee send` and its `--help`,
/// the shell completions and the docs test read this table, so a command
/// that needs no new state is an entry here, its rows in docs/control.md
/// and a test.
enum RemoteCommandTable {
    typealias Failure = ControlRequestParser.Failure

    /// A message's own look, as a deck entry's (docs/cue-flow.md, "Looks").
    static let look: [RemoteArgument] = [
        RemoteArgument("color", .option, .choice(LEDColor.names.map(\.name)), placeholder: "C",
                       summary: "the message's colour, as --color", isLook: true),
        RemoteArgument("style", .option, .choice(LEDStyle.allCases.map(\.rawValue)), placeholder: "S",
                       summary: "the message's style, as --style", isLook: true),
        RemoteArgument("speed", .option, .number, placeholder: "N",
                       summary: "the message's speed in characters a second, -20 to 20, as --speed", isLook: true),
        RemoteArgument("static", .flag, .boolean, summary: "the message at rest, as --static", isLook: true),
        RemoteArgument("brightness", .option, .percent, placeholder: "PERCENT",
                       summary: "the message's brightness, 1 to 100, as --brightness", isLook: true),
    ] + DisplayModeTable.Field.allCases.map { field in
        RemoteArgument(field.rawValue, .option, .choice(field.names), placeholder: field == .mode ? "MODE" : "T",
                       summary: "the message's \(field.rawValue), as --\(field.rawValue)", isLook: true)
    }

    /// The message of `say` and `add`, with its caption and seconds.
    static let message: [RemoteArgument] = [
        RemoteArgument("text", .message, .text, placeholder: "TEXT", summary: "the message"),
        RemoteArgument("caption", .option, .text, placeholder: "C", summary: "a caption under it"),
        RemoteArgument("seconds", .option, .number, placeholder: "N", summary: "its seconds, 2 to 20"),
    ]

    static let all: [RemoteCommandSpec] = [
        RemoteCommandSpec("say", message + [
            RemoteArgument("for", .option, .number, placeholder: "N", summary: "seconds it shows (default: its seconds)"),
        ] + look, summary: "show TEXT now; back to the deck after --for N s or on clear") { fields throws(Failure) in
            guard let text = try fields.text("text") else { throw Failure("'say' needs 'text'") }
            let cue = try fields.cue(text: text)
            let duration = try fields.number("for")
            if let duration, !(duration > 0 && duration <= ControlRequestParser.maximumForSeconds) {
                throw Failure("'for' must be more than 0 and at most 86400")
            }
            return .remote(.say(Interrupt(cue: cue, duration: duration)))
        },
        RemoteCommandSpec("next", summary: "the next message (an interrupt ends)", remote: .next),
        RemoteCommandSpec("prev", summary: "the previous message", remote: .previous),
        RemoteCommandSpec("goto", [
            RemoteArgument("index", .word, .position, placeholder: "N", summary: "the message's number, from 1"),
        ], summary: "the Nth message, from 1, in the deck's order") { fields throws(Failure) in
            guard let index = try fields.position("index") else { throw Failure("'goto' needs 'index'") }
            return .remote(.goto(index - 1))
        },
        RemoteCommandSpec("pause", summary: "pause (no toggle)", remote: .pause),
        RemoteCommandSpec("resume", summary: "resume", remote: .resume),
        RemoteCommandSpec("load", [
            RemoteArgument("path", .word, .file, placeholder: "FILE", summary: "a cue file the sign reads"),
            RemoteArgument("deck", .requestOnly, .json, summary: "an inline deck"),
        ], summary: "play FILE (a cue file or .json deck) from its start instead",
           fleetRefusal: "with --mqtt, publish a deck with 'deck FILE' ('load' reads a file on the sign)") { fields throws(Failure) in
            switch (try fields.string("path"), fields.object["deck"]) {
            case (let path?, nil):
                guard !path.isEmpty, !path.utf8.contains(0) else { throw Failure("'path' must name a file") }
                guard fields.origin == .socket else {
                    throw Failure("'load' of a path is for the control socket; publish the deck to PREFIX/deck instead")
                }
                return .loadFile(path)
            case (nil, _?):
                let deck = try fields.deck("deck", wholeDeck: true)!
                return .remote(.load(deck.cues, epoch: deck.epoch, zones: deck.zones), notes: deck.notes)
            default:
                throw Failure("'load' needs one of 'path' and 'deck'")
            }
        },
        RemoteCommandSpec("add", message + look + [
            RemoteArgument("entries", .requestOnly, .json, summary: "deck entries"),
        ], summary: "add TEXT at the end of the deck") { fields throws(Failure) in
            if fields.object["entries"] != nil {
                if let other = fields.other(than: "entries") {
                    throw Failure(look.contains { $0.field == other } ? "'add' with 'entries' takes no '\(other)' (each entry has its own)"
                                  : "'add' takes 'entries' or 'text', not both")
                }
                let deck = try fields.deck("entries")!
                return .remote(.add(deck.cues), notes: deck.notes)
            }
            guard let text = try fields.text("text") else { throw Failure("'add' needs 'text' or 'entries'") }
            return .remote(.add([try fields.cue(text: text)]))
        },
        RemoteCommandSpec("clear", summary: "end the interrupt say put up", remote: .clear),
        RemoteCommandSpec("status", summary: "print the sign's status, one JSON line") { _ in .status },
        RemoteCommandSpec("snapshot", [
            RemoteArgument("png", .local, .file, placeholder: "FILE", summary: "the file to write the picture to"),
            RemoteArgument("led-pixels", .option, .number, placeholder: "N",
                           summary: "pixels from one LED to the next, 1 to 64 (default \(SignPicture.defaultPitch)), as --led-pixels"),
        ], summary: "write a PNG of what the sign shows now to FILE") { fields throws(Failure) in
            guard let pitch = try fields.number("led-pixels") else { return .snapshot(pitch: SignPicture.defaultPitch) }
            guard pitch == pitch.rounded(), LEDRaster.pitches.contains(Int(exactly: pitch) ?? 0) else {
                throw Failure("'led-pixels' must be a whole number from \(LEDRaster.pitches.lowerBound) to \(LEDRaster.pitches.upperBound)")
            }
            return .snapshot(pitch: Int(pitch))
        },
        RemoteCommandSpec("watch", summary: "print every events-log record until the sign ends",
                          fleetRefusal: "'watch' is for one sign's control socket; with --mqtt, use status") { fields throws(Failure) in
            guard fields.origin == .socket else {
                throw Failure("'watch' is for the control socket; read PREFIX/sign/NAME/status instead")
            }
            return .watch
        },
    ]

    /// The command named `name`.
    static func named(_ name: String) -> RemoteCommandSpec? {
        all.first { $0.name == name }
    }
}
