import MarqueeCore

/// One remote command, declared once in ``RemoteCommandTable``: its name,
/// its arguments, one line of help, and how a request's fields become what
/// the sign does. The control parser, the fleet's `cmd` topics,
/// `ledmarquee send` (its parsing, `--help` and completions) and the docs
/// test all read it.
struct RemoteCommandSpec: Sendable {
    /// Makes the request from its fields, already known to be this
    /// command's; throws the reply's one-line error.
    typealias Build = @Sendable (RequestFields) throws(ControlRequestParser.Failure) -> ControlRequest.Action

    /// The `cmd` word and `send`'s command word: `say`.
    let name: String
    /// In the order `send` writes them into the request.
    let arguments: [RemoteArgument]
    /// One line for `send --help`.
    let summary: String
    /// Why `send --mqtt` cannot publish it (said as the usage error); nil
    /// when a fleet takes it.
    let fleetRefusal: String?
    let build: Build

    init(_ name: String, _ arguments: [RemoteArgument] = [], summary: String, fleetRefusal: String? = nil, build: @escaping Build) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.fleetRefusal = fleetRefusal
        self.build = build
    }

    /// A command with no arguments that is one player input.
    init(_ name: String, summary: String, remote: RemoteCommand) {
        self.init(name, summary: summary) { _ in .remote(remote) }
    }

    /// The request fields it takes besides `cmd` (not `send`'s own).
    var fields: [String] { arguments.filter { $0.form != .local }.map(\.field) }

    /// The words `send` takes after the command: none, one, or a message.
    var wordCount: ClosedRange<Int> {
        switch arguments.first(where: { $0.form == .message || $0.form == .word })?.form {
        case .message?: 1...Int.max
        case .word?: 1...1
        default: 0...0
        }
    }

    /// The arguments `send` spells as `--options`.
    var options: [RemoteArgument] { arguments.filter { $0.form == .option || $0.form == .flag || $0.form == .local } }

    /// `say TEXT [--caption C] [--seconds N] [--for N] [LOOK]`: the
    /// command as `send --help` and docs/control.md show it.
    var synopsis: String {
        var words = [name]
        words += arguments.filter { $0.form == .message || $0.form == .word }.map(\.placeholder)
        words += arguments.filter { $0.form == .local }.map { "--\($0.field) \($0.placeholder)" }
        words += options.filter { !$0.isLook && $0.form != .local }.map { "[--\($0.field)\($0.form == .flag ? "" : " " + $0.placeholder)]" }
        if options.contains(where: \.isLook) { words.append("[LOOK]") }
        return words.joined(separator: " ")
    }
}
