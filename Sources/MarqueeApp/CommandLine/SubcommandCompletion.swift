/// What the completion scripts offer after `ledmarquee send`: its commands,
/// its own options and each command's, as plain data. Built from
/// ``RemoteCommandTable`` (`SendCompletion`), so a command is completed in
/// every shell as soon as the table declares it (docs/completions.md).
struct SubcommandCompletion: Sendable {
    /// One command word and what may follow it.
    struct Command: Sendable {
        let name: String
        let summary: String
        /// The options it takes (`--caption`, `--static`, …).
        let options: [OptionSpec]
        /// Its word is a file name (`load FILE`): file names are completed there.
        let takesFile: Bool
    }

    /// The first word that starts it: `send`.
    let word: String
    let commands: [Command]
    /// The subcommand's own options (`--name`, `--control`, …), offered
    /// before and after the command.
    let options: [OptionSpec]

    /// Every command's options, each once: offered before the command is
    /// typed (options may come first), and where a value is completed.
    var commandOptions: [OptionSpec] {
        var seen = Set<String>()
        return commands.flatMap(\.options).filter { seen.insert($0.long).inserted }
    }

    /// Every option that may appear, each once.
    var allOptions: [OptionSpec] { options + commandOptions.filter { option in !options.contains { $0.long == option.long } } }
}
