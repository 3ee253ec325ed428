/// The zsh function that completes after `ledmarquee send` (called by the
/// main one when the first word is `send`): finds the command word, then
/// lets `_arguments` complete `send`'s options and the command's, the
/// command word itself, and file names after a command whose word is a
/// file (docs/completions.md).
enum ZshSendCompletion {
    static func function(_ send: SubcommandCompletion) -> String {
        let name = "_\(CompletionScripts.command)_\(send.word)"
        let valued = send.allOptions.filter(\.takesValue).flatMap(\.spellings)
        let own = send.options.flatMap(ZshCompletion.specs)
        let branches = [("''", send.commandOptions)] + send.commands.map { ($0.name, $0.options) }
        let cases = branches.map { pattern, options in
            "        (\(pattern)) options=(\(options.flatMap(ZshCompletion.specs).joined(separator: " "))) ;;"
        }
        let files = send.commands.filter(\.takesFile).map(\.name)
        let words = send.commands.map(\.name).joined(separator: " ")
        return """
        # After "\(CompletionScripts.command) \(send.word)": the first word that is not an option (nor
        # an option's value) is the command; before it, any command's options.
        \(name)() {
            local command= word ended= skip= rest='*:message: '
            local -i i
            local -a options
            for (( i = 3; i < CURRENT; i++ )); do
                word=$words[i]
                if [[ -n $skip ]]; then skip=; continue; fi
                if [[ -z $ended ]]; then
                    case $word in
                        (--) ended=1; continue ;;
                        (\(valued.joined(separator: "|"))) skip=1; continue ;;
                        (-*) continue ;;
                    esac
                fi
                command=$word
                break
            done
            case $command in
        \(cases.joined(separator: "\n"))
            esac
            case $command in
                (\(files.isEmpty ? "''" : files.joined(separator: "|"))) rest='*:file:_files' ;;
            esac
            # `send` becomes the command whose arguments _arguments reads.
            shift words
            (( CURRENT-- ))
            _arguments -S \\
                \(own.joined(separator: " \\\n        ")) \\
                $options '1:command:(\(words))' $rest
        }
        """
    }
}
