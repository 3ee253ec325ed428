import Testing
@testable import MarqueeApp

/// The generated bash script, run by a real `bash --norc --noprofile`: each
/// case fills COMP_WORDS and COMP_CWORD as bash would and calls the
/// completion function, as `complete -F` does.
@Suite("Bash completion")
struct BashCompletionTests {
    /// How bash splits a line into COMP_WORDS: at spaces, and (when
    /// COMP_WORDBREAKS has "=", the default) "--style=b" into "--style" "=" "b".
    static func words(_ line: String, splitAtEquals: Bool) -> [String] {
        line.split(separator: " ", omittingEmptySubsequences: false).flatMap { word -> [String] in
            let word = String(word)
            guard splitAtEquals, let equals = word.firstIndex(of: "=") else { return [word] }
            let value = String(word[word.index(after: equals)...])
            return [String(word[..<equals]), "="] + (value.isEmpty ? [] : [value])
        }
    }

    func replies(_ cases: [CompletionCase], splitAtEquals: Bool,
                 table: [OptionSpec] = OptionTable.all) throws -> (replies: [String: [String]], errors: String) {
        let sandbox = try CompletionSandbox()
        let script = try sandbox.write("ledmarquee.bash", CompletionScripts.text(for: "bash", options: table) ?? "")
        var driver = """
        source \(CompletionScripts.singleQuoted(script))
        query() {
            local line=$1
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(( $# - 1 ))
            COMPREPLY=()
            _ledmarquee
            printf '<query>%s\\n' "$line"
            printf '%s\\n' "${COMPREPLY[@]}"
        }

        """
        for item in cases {
            let words = Self.words(item.line, splitAtEquals: splitAtEquals).map(CompletionScripts.singleQuoted)
            driver += "query \(CompletionScripts.singleQuoted(item.line)) \(words.joined(separator: " "))\n"
        }
        let path = try sandbox.write("driver.bash", driver)
        let result = try sandbox.run("bash", ["--norc", "--noprofile", path])
        #expect(result.status == 0, "bash exited \(result.status): \(result.error)")
        return (CompletionCases.parse(result.output), result.error)
    }

    @Test("every case, with COMP_WORDBREAKS splitting at '=' (the default) and without", arguments: [true, false])
    func cases(splitAtEquals: Bool) throws {
        let cases = CompletionCases.all
        let (replies, errors) = try replies(cases, splitAtEquals: splitAtEquals)
        #expect(errors.isEmpty, "bash printed errors: \(errors)")
        CompletionCases.expect(replies, match: cases)
    }

    @Test("without '=' in COMP_WORDBREAKS the reply repeats '--option=', as readline needs")
    func prefixRepeated() throws {
        let (replies, _) = try replies([CompletionCase(line: "ledmarquee --style=b", expected: [])], splitAtEquals: false)
        #expect(Set(replies["ledmarquee --style=b"] ?? []) == ["--style=blocks", "--style=braille"])
    }

    @Test("a word the table lists twice is offered once")
    func duplicateChoice() throws {
        let table = [OptionSpec("pick", value: .choice(["one", "two", "one"]), summary: "a choice")]
        let (replies, _) = try replies([CompletionCase(line: "ledmarquee --pick ", expected: [])], splitAtEquals: true, table: table)
        #expect(replies["ledmarquee --pick "] == ["one", "two"])
    }

    @Test("the script parses and registers the function for ledmarquee")
    func registers() throws {
        let sandbox = try CompletionSandbox()
        let script = try sandbox.script("bash", as: "ledmarquee.bash")
        #expect(try sandbox.run("bash", ["--norc", "--noprofile", "-n", script]).status == 0)
        let result = try sandbox.run("bash", ["--norc", "--noprofile", "-c", "source \"$1\" && complete -p ledmarquee", "bash", script])
        #expect(result.output == "complete -F _ledmarquee ledmarquee\n", "\(result.error)")
    }
}
