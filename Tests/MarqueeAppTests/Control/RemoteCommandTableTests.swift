import MarqueeCore
import Testing
@testable import MarqueeApp

/// ``RemoteCommandTable`` is the one declaration of a command: what `send`
/// writes from it, the sign reads with it.
@Suite("Remote command table")
struct RemoteCommandTableTests {
    /// A value `send` takes for an argument of this kind.
    static func example(_ argument: RemoteArgument) -> String {
        switch argument.value {
        case .number: "3"
        case .position: "2"
        case .percent: "40%"
        case .file: "deck.json"
        case .choice(let words): words[0]
        case .text, .boolean, .json: "HELLO"
        }
    }

    /// `send`'s words for `spec` with every argument it takes.
    static func words(_ spec: RemoteCommandSpec) -> [String] {
        var words = [spec.name]
        for argument in spec.arguments {
            switch argument.form {
            case .message, .word: words.append(example(argument))
            case .option, .local: words += ["--" + argument.field, example(argument)]
            case .flag: words.append("--" + argument.field)
            case .requestOnly: break
            }
        }
        return words
    }

    @Test("every command, with every argument send takes, is written by send and read by the sign as the same command")
    func roundTrip() throws {
        for spec in RemoteCommandTable.all {
            let parsed = try #require(try SendArguments.parse(Self.words(spec), cwd: "/home/me"), "\(spec.name)")
            #expect(parsed.command == spec.name)
            let request = try ControlRequestParser.parse(Array(parsed.request.utf8)).get()
            #expect(request.command == spec.name, "\(parsed.request)")
            let written = Set((JSONValue.parse(Array(parsed.request.utf8)).flatMap { value -> [String]? in
                guard case .object(let object) = value else { return nil }
                return Array(object.keys)
            }) ?? [])
            // send's own (`--png FILE`) stay out of the request.
            let sendable = spec.arguments.filter { $0.form != .requestOnly && $0.form != .local }.map(\.field)
            #expect(written == Set(["cmd"] + sendable), "\(spec.name): \(parsed.request)")
        }
    }

    @Test("names are unique, and an option means the same in every command that takes it")
    func consistent() {
        let names = RemoteCommandTable.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(!names.contains(SendArguments.listCommand) && !names.contains(SendArguments.deckCommand), "send's own words stay its own")
        var seen: [String: RemoteArgument] = [:]
        for argument in RemoteCommandTable.all.flatMap(\.options) {
            if let earlier = seen[argument.field] { #expect(earlier == argument, "--\(argument.field)") }
            seen[argument.field] = argument
            #expect(!SendArguments.options.contains { $0.long == argument.field }, "--\(argument.field) is also send's own")
        }
    }

    @Test("a field the command does not take is refused, naming it")
    func unknownFields() {
        for spec in RemoteCommandTable.all {
            let line = "{\"cmd\":\"\(spec.name)\",\"nonesuch\":1}"
            #expect(ControlRequestParser.parse(Array(line.utf8)) == .failure(.init("unknown field 'nonesuch' for '\(spec.name)'")))
        }
    }

    @Test("send --help lists every command with its arguments, within 80 columns")
    func help() {
        let text = SendUsage.text
        for spec in RemoteCommandTable.all {
            #expect(text.contains("\n  " + spec.synopsis + " ") || text.contains("\n  " + spec.synopsis + "\n"), "\(spec.synopsis)")
        }
        #expect(RemoteCommandTable.named("say")?.synopsis == "say TEXT [--caption C] [--seconds N] [--for N] [LOOK]")
        #expect(RemoteCommandTable.named("goto")?.synopsis == "goto N")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
