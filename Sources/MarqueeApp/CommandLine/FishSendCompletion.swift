/// The fish lines that complete after `ledmarquee send`: two helpers that
/// find the command word, then `send`'s own options, each command option
/// under the commands that take it (and before any command), the command
/// words, and file names after a command whose word is a file
/// (docs/completions.md).
enum FishSendCompletion {
    /// True (and nothing else) outside `ledmarquee send`.
    static func notInSend(_ send: SubcommandCompletion) -> String { "not __\(CompletionScripts.command)_in_\(send.word)" }

    static func lines(_ send: SubcommandCompletion, directories: String) -> String {
        let command = CompletionScripts.command
        let find = "__\(command)_\(send.word)_command"
        let inSend = "__\(command)_in_\(send.word)"
        let commandIs = "__\(command)_\(send.word)_is"
        let valued = send.allOptions.filter(\.takesValue).flatMap(\.spellings)
        var lines = send.options.map { FishCompletion.line($0, directories: directories, condition: inSend) }
        for option in send.commandOptions {
            let takers = send.commands.filter { $0.options.contains { $0.long == option.long } }.map(\.name)
            lines.append(FishCompletion.line(option, directories: directories,
                                             condition: ([commandIs, "''"] + takers).joined(separator: " ")))
        }
        for entry in send.commands {
            lines.append("complete -c \(command) -n \(FishCompletion.quoted("\(commandIs) ''")) -a \(entry.name) -d \(FishCompletion.quoted(entry.summary))")
        }
        let files = send.commands.filter(\.takesFile).map(\.name)
        if !files.isEmpty {
            lines.append("complete -c \(command) -n \(FishCompletion.quoted(([commandIs] + files).joined(separator: " "))) -F")
        }
        return """
        # The command word after "\(command) \(send.word)" (nothing before it is typed); fails
        # outside it. The first word that is not an option, nor an option's value.
        function \(find)
            set -l tokens (commandline -opc)
            test (count $tokens) -ge 2; and test "$tokens[2]" = \(send.word); or return 1
            set -e tokens[1..2]
            set -l skip 0
            set -l ended 0
            for token in $tokens
                if test $skip = 1
                    set skip 0
                    continue
                end
                if test $ended = 0
                    switch $token
                        case --
                            set ended 1
                            continue
                        case \(valued.joined(separator: " "))
                            set skip 1
                            continue
                        case '-*'
                            continue
                    end
                end
                echo $token
                return 0
            end
            return 0
        end
        function \(inSend)
            \(find) >/dev/null
        end
        # In "\(send.word)", with the command word one of the arguments ('': none yet).
        function \(commandIs)
            set -l word (\(find)); or return 1
            contains -- "$word" $argv
        end
        \(lines.joined(separator: "\n"))
        """
    }
}
