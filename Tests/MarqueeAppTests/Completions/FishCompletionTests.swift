import Testing
@testable import MarqueeApp

/// The generated fish script, run by a real `fish --no-config`: its
/// `complete -C LINE` prints what fish would offer at the end of LINE.
@Suite("Fish completion")
struct FishCompletionTests {
    @Test("every case, through fish's own completion")
    func cases() throws {
        let sandbox = try CompletionSandbox()
        let script = try sandbox.script("fish", as: "ledmarquee.fish")
        let cases = CompletionCases.all
        let driver = """
        source $argv[1]
        for line in $argv[2..-1]
            echo "<query>$line"
            # Only the completion, not fish's description after a tab.
            set -l offered (complete -C"$line" | string replace -r '\\t.*' '')
            # fish 4 also lists fuzzy matches (the word typed found inside
            # another), which its pager shows only when nothing starts with
            # the word: what a user sees is the matches that start with it.
            set -l word (string match -r -- '[^ ]*$' "$line")
            set -l starting
            for reply in $offered
                if test (string sub -l (string length -- "$word") -- "$reply") = "$word"
                    set -a starting $reply
                end
            end
            if test (count $starting) -gt 0
                printf "%s\\n" $starting
            else if test (count $offered) -gt 0
                printf "%s\\n" $offered
            end
        end
        """
        let path = try sandbox.write("driver.fish", driver)
        let result = try sandbox.run("fish", ["--no-config", path, script] + cases.map(\.line))
        #expect(result.status == 0, "fish exited \(result.status): \(result.error)")
        #expect(result.error.isEmpty, "fish printed errors: \(result.error)")
        let replies = CompletionCases.parse(result.output)
        CompletionCases.expect(replies, match: cases)
    }

    @Test("fish parses the script without running it")
    func parses() throws {
        let sandbox = try CompletionSandbox()
        let script = try sandbox.script("fish", as: "ledmarquee.fish")
        let result = try sandbox.run("fish", ["--no-config", "--no-execute", script])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
    }
}
