import Testing
@testable import MarqueeApp

/// The generated zsh script, run by real completion: a `zsh -f -i` in a
/// pseudo-terminal (the zsh/zpty module, driven by another zsh), with
/// compinit loading the script as `_ledmarquee` from fpath. Each line is
/// typed followed by Tab; a `compadd` wrapper writes every match that
/// `_arguments` adds to a file, so nothing is read back from the screen.
@Suite("Zsh completion")
struct ZshCompletionTests {
    /// Sourced by the interactive zsh before the first line is typed.
    static let setup = #"""
    PS1='' RPS1=''
    bindkey -e
    bindkey '^I' complete-word
    fpath=($CAPTURE_DIR/functions $fpath)
    autoload -U compinit && compinit -u -D
    # Wraps compadd, keeping the matches that survive the word typed so far
    # (-A). Calls that only compute (-O, -A, -D) pass through untouched.
    compadd() {
        if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
            builtin compadd "$@"
            return
        fi
        local -a __hits
        builtin compadd -A __hits "$@"
        (( $#__hits )) && print -rl -- "${__hits[@]}" >> $CAPTURE_OUT
        builtin compadd "$@"
    }
    # After every completion: nothing inserted or listed (so no "do you
    # wish to see all" prompt), and a mark that the matches are all written.
    # _main_complete empties comppostfuncs before calling them: re-arm.
    _capture_done() {
        compstate[insert]=''
        compstate[list]=''
        print -r -- '<done>' >> $CAPTURE_OUT
        comppostfuncs=(_capture_done)
    }
    comppostfuncs=(_capture_done)
    print -r -- '<ready>' >> $CAPTURE_OUT
    """#

    /// Runs the interactive zsh and types each line given as an argument.
    static let driver = #"""
    zmodload zsh/zpty || { print -u2 'no zsh/zpty module'; exit 3 }
    export CAPTURE_DIR=$1 CAPTURE_OUT=$1/capture
    shift
    # Waits, 30 s at most, for zsh to write the line $1 to the capture file.
    await() {
        local -i tries
        for (( tries = 0; tries < 600; tries++ )); do
            [[ -n ${(M)${(f)"$(<$CAPTURE_OUT)"}:#$1} ]] && return 0
            sleep 0.05
        done
        print -u2 "zsh did not write $1 within 30 s"
        return 1
    }
    : >| $CAPTURE_OUT
    zpty capture zsh -f -i
    zpty -w capture "source ${(q)CAPTURE_DIR}/setup.zsh"
    await '<ready>' || { zpty -d capture; exit 4 }
    for line in "$@"; do
        : >| $CAPTURE_OUT
        zpty -w -n capture "$line"$'\t'
        await '<done>' || { zpty -d capture; exit 5 }
        print -r -- "<query>$line"
        print -rl -- ${${(f)"$(<$CAPTURE_OUT)"}:#<done>}
        # Ctrl-U: an empty line for the next one.
        zpty -w -n capture $'\x15'
    done
    zpty -d capture
    """#

    func replies(_ lines: [String], table: [OptionSpec] = OptionTable.all) throws -> [String: [String]] {
        let sandbox = try CompletionSandbox()
        try sandbox.write("functions/_ledmarquee", CompletionScripts.text(for: "zsh", options: table) ?? "")
        try sandbox.write("setup.zsh", Self.setup)
        let driver = try sandbox.write("driver.zsh", Self.driver)
        let result = try sandbox.run("zsh", ["-f", driver, sandbox.root.path] + lines, timeout: 120)
        #expect(result.status == 0, "zsh exited \(result.status): \(result.error)")
        return CompletionCases.parse(result.output)
    }

    @Test("every case, through _arguments in an interactive zsh")
    func cases() throws {
        let cases = CompletionCases.all
        let replies = try replies(cases.map(\.line))
        CompletionCases.expect(replies, match: cases)
    }

    /// The capture could pass by seeing nothing at all where nothing is
    /// expected; a script without --style must visibly lose it.
    @Test("the capture sees the script: a table without --style offers no --style")
    func captureFollowsScript() throws {
        let table = OptionTable.all.filter { $0.long != "style" }
        let replies = try replies(["ledmarquee --st", "ledmarquee --style "], table: table)
        #expect(Set(replies["ledmarquee --st"] ?? []) == ["--static"])
        #expect(replies["ledmarquee --style "] == [])
    }

    @Test("zsh -n accepts the script")
    func parses() throws {
        let sandbox = try CompletionSandbox()
        let script = try sandbox.script("zsh", as: "_ledmarquee")
        let result = try sandbox.run("zsh", ["-n", "-f", script])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
    }

    @Test("sourced after compinit, the script registers _ledmarquee for ledmarquee")
    func sourced() throws {
        let sandbox = try CompletionSandbox()
        let script = try sandbox.script("zsh", as: "ledmarquee.zsh")
        let result = try sandbox.run("zsh", ["-f", "-c", #"autoload -U compinit && compinit -u -D && source "$1" && print -r -- $_comps[ledmarquee]"#, "zsh", script])
        #expect(result.output == "_ledmarquee\n", "\(result.error)")
    }
}
