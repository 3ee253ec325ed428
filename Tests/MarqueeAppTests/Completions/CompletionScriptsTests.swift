import Testing
@testable import MarqueeApp

/// What holds for every script, read as text: the shells offered, and the
/// table's words plain enough to go into the scripts unquoted.
@Suite("Completion scripts")
struct CompletionScriptsTests {
    @Test("a script for bash, zsh and fish, which --completions lists; none for another shell")
    func shells() {
        #expect(OptionTable.named("completions")?.value == .choice(CompletionScripts.shells))
        for shell in CompletionScripts.shells {
            #expect(CompletionScripts.text(for: shell)?.isEmpty == false, "\(shell)")
        }
        for other in ["tcsh", "", "Bash", "powershell"] {
            #expect(CompletionScripts.text(for: other) == nil, "\(other)")
        }
    }

    @Test("option names and values are words the scripts need not quote")
    func plainWords() {
        let plain = /[A-Za-z0-9][A-Za-z0-9-]*/
        for option in OptionTable.all {
            for name in [option.long] + option.aliases + (option.short.map { [String($0)] } ?? []) {
                #expect(name.wholeMatch(of: plain) != nil, "--\(name)")
            }
            if case .choice(let words) = option.value {
                for word in words { #expect(word.wholeMatch(of: plain) != nil, "\(option.long): \(word)") }
            }
        }
    }

    @Test("zsh's file starts with #compdef, as compinit requires")
    func compdef() {
        #expect(CompletionScripts.text(for: "zsh")?.hasPrefix("#compdef ledmarquee\n") == true)
    }

    /// A table with what the real one lacks: quotes, brackets, colons and
    /// backslashes in a summary, and a `.text` value.
    static let awkward = [
        OptionSpec("name", short: "n", placeholder: "A:B", value: .text, summary: #"it's [odd]: a \ back\slash "quoted" $HOME `x`"#),
        OptionSpec("flag", summary: "plain"),
    ]

    @Test("awkward summaries are quoted: each shell still parses the script", arguments: [
        ("bash", ["--norc", "--noprofile", "-n"]), ("zsh", ["-f", "-n"]), ("fish", ["--no-config", "--no-execute"]),
    ])
    func quoting(shell: String, check: [String]) throws {
        let sandbox = try CompletionSandbox()
        let script = try sandbox.write("script.\(shell)", CompletionScripts.text(for: shell, options: Self.awkward) ?? "")
        let result = try sandbox.run(shell, check + [script])
        #expect(result.status == 0 && result.error.isEmpty, "\(shell): \(result.error)")
    }

    @Test("fish shows an awkward summary as written")
    func fishDescription() throws {
        let sandbox = try CompletionSandbox()
        let script = try sandbox.write("script.fish", CompletionScripts.text(for: "fish", options: Self.awkward) ?? "")
        let result = try sandbox.run("fish", ["--no-config", "-c", #"source $argv[1]; complete -C"ledmarquee --na""#, script])
        #expect(result.output == "--name\t\(Self.awkward[0].summary)\n", "\(result.error)")
    }
}
