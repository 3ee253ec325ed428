/// The shell completion scripts that `ledmarquee --completions SHELL` prints.
/// Each is generated from ``OptionTable`` (docs/completions.md), so an option
/// is completed in every shell as soon as it is declared, with the values
/// its ``OptionSpec/Value`` says.
public enum CompletionScripts {
    /// The shells there is a script for, as `--completions` spells them.
    public static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell` ("bash", "zsh" or "fish"); nil for any other.
    public static func text(for shell: String) -> String? {
        text(for: shell, options: OptionTable.all)
    }

    /// The script for a given table, so tests can feed a table with the
    /// awkward cases (quotes in a summary, a `.text` value) the real one lacks.
    static func text(for shell: String, options: [OptionSpec], send: SubcommandCompletion = SendCompletion.model) -> String? {
        switch shell {
        case "bash": BashCompletion.script(options, send: send)
        case "zsh": ZshCompletion.script(options, send: send)
        case "fish": FishCompletion.script(options, send: send)
        default: nil
        }
    }

    /// The name the scripts complete for and name their functions after.
    static let command = "ledmarquee"

    /// `text` in POSIX single quotes (bash, zsh): a quote ends the string,
    /// is escaped outside it and the string starts again.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}

extension OptionSpec {
    /// `--color`, `--colour`: the long name and its aliases, with dashes.
    var longSpellings: [String] { ([long] + aliases).map { "--" + $0 } }

    /// `-c`, when the option has a short letter.
    var shortSpelling: String? { short.map { "-" + String($0) } }

    /// Every way the option is written on a command line.
    var spellings: [String] { longSpellings + (shortSpelling.map { [$0] } ?? []) }

    /// The `.choice` words, each once and in order: a word listed twice
    /// would be offered twice.
    var choices: [String] {
        guard case .choice(let words) = value else { return [] }
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
