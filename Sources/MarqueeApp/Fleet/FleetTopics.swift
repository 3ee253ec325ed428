import MarqueeCore

/// The topics of one sign in a fleet (docs/fleet.md): under PREFIX
/// (`--mqtt-topic`, default `ledmarquee`), `PREFIX/deck` holds the retained
/// deck every sign plays, `PREFIX/cmd` takes commands for all signs,
/// `PREFIX/sign/NAME/cmd` commands for this one,
/// `PREFIX/sign/NAME/status` its retained status (and its Last Will), and
/// `PREFIX/sign/NAME/reply` its answers to commands that carry an `id`,
/// `PREFIX/sign/NAME/snapshot` the PNGs `snapshot` asks of it.
struct FleetTopics: Equatable, Sendable {
    static let defaultPrefix = "ledmarquee"
    /// Longest prefix: topics stay short, whatever the broker allows.
    static let maximumPrefixBytes = 128

    let prefix: String
    let name: String

    /// What a message that arrived is, by its topic.
    enum Kind: Equatable, Sendable {
        case deck
        /// A command, for all signs (`PREFIX/cmd`) or for this one.
        case command(forAll: Bool)
        /// The sign's own status topic: its own status comes back, and
        /// another sign's with its name says two signs share it.
        case ownStatus
    }

    /// Why a prefix or name cannot be used, as one line.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// Checks both: a name is one topic level, the same as a control
    /// socket's (docs/control.md); a prefix is levels of those characters.
    init(prefix: String, name: String) throws(Failure) {
        do {
            try ControlSocketPath.validate(name: name)
        } catch {
            throw Failure(message: error.message)
        }
        try FleetTopics.validate(prefix: prefix)
        self.prefix = prefix
        self.name = name
    }

    /// Levels of letters, digits, `.`, `_` and `-`, split by single `/`:
    /// no MQTT wildcard (`+`, `#`), no `$` topic of the broker's, no empty
    /// level, nothing a terminal would act on.
    static func validate(prefix: String) throws(Failure) {
        let levels = prefix.split(separator: "/", omittingEmptySubsequences: false)
        let valid = prefix.utf8.count <= maximumPrefixBytes && levels.allSatisfy { level in
            !level.isEmpty && level.unicodeScalars.allSatisfy(ControlSocketPath.isNameCharacter)
        }
        guard valid else {
            let escaped = TerminalText.visible(prefix)
            let shown = escaped.count > 40 ? escaped.prefix(40) + "…" : Substring(escaped)
            throw Failure(message: "invalid --mqtt-topic '\(shown)' (levels of letters, digits, '.', '_' or '-' split by '/', at most \(maximumPrefixBytes) bytes)")
        }
    }

    var deck: String { "\(prefix)/deck" }
    var allCommands: String { "\(prefix)/cmd" }
    var ownCommands: String { FleetTopics.commands(prefix: prefix, name: name) }
    var status: String { FleetTopics.status(prefix: prefix, name: name) }
    var reply: String { FleetTopics.reply(prefix: prefix, name: name) }
    var snapshot: String { FleetTopics.snapshot(prefix: prefix, name: name) }

    static func commands(prefix: String, name: String) -> String { "\(prefix)/sign/\(name)/cmd" }
    static func status(prefix: String, name: String) -> String { "\(prefix)/sign/\(name)/status" }
    static func reply(prefix: String, name: String) -> String { "\(prefix)/sign/\(name)/reply" }
    /// A sign's pictures: binary PNGs, not retained (docs/fleet.md, "Snapshots").
    static func snapshot(prefix: String, name: String) -> String { "\(prefix)/sign/\(name)/snapshot" }
    /// Every sign's status, for `ledmarquee send --mqtt URL status`.
    static func allStatus(prefix: String) -> String { "\(prefix)/sign/+/status" }
    /// Every sign's answers, for a command `send --mqtt` sends to all.
    static func allReplies(prefix: String) -> String { "\(prefix)/sign/+/reply" }

    /// The sign's name in a status topic, nil for any other topic.
    static func signName(inStatusTopic topic: String, prefix: String) -> String? {
        signName(in: topic, prefix: prefix, leaf: "status")
    }

    /// The sign's name in a topic `PREFIX/sign/NAME/LEAF`, nil for any other.
    static func signName(in topic: String, prefix: String, leaf: String) -> String? {
        let head = "\(prefix)/sign/", tail = "/\(leaf)"
        guard topic.hasPrefix(head), topic.hasSuffix(tail), topic.utf8.count > head.utf8.count + tail.utf8.count else { return nil }
        let name = String(topic.dropFirst(head.count).dropLast(tail.count))
        return name.contains("/") ? nil : name
    }

    /// The topics the sign subscribes to: its own status too, to hear
    /// another sign that has its name.
    var subscriptions: [String] { [deck, allCommands, ownCommands, status] }

    /// What a message on `topic` is; nil for a topic the sign did not ask for.
    func kind(of topic: String) -> Kind? {
        switch topic {
        case deck: .deck
        case allCommands: .command(forAll: true)
        case ownCommands: .command(forAll: false)
        case status: .ownStatus
        default: nil
        }
    }
}
