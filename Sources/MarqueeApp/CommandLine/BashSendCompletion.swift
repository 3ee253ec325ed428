/// The bash function that completes after `ledmarquee send` (called by the
/// main one when the first word is `send`): the command word, `send`'s own
/// options and the command's, their values, and file names where the
/// command's word is a file (docs/completions.md).
enum BashSendCompletion {
    static func function(_ send: SubcommandCompletion) -> String {
        let name = "_\(CompletionScripts.command)_\(send.word)"
        let valued = send.allOptions.filter(\.takesValue)
        let quote = CompletionScripts.singleQuoted
        let own = send.options.flatMap(\.spellings).joined(separator: " ")
        let perCommand = send.commands.map { command in
            "            \(command.name)) options=\(quote(command.options.flatMap(\.longSpellings).joined(separator: " "))) ;;"
        }
        let everyCommandOption = send.commandOptions.flatMap(\.longSpellings).joined(separator: " ")
        let files = send.commands.filter(\.takesFile).map(\.name)
        return """
        # After "\(CompletionScripts.command) \(send.word)": the same reading of the words as above,
        # with the first word that is not an option (nor an option's value) the command.
        \(name)() {
            local cur=${COMP_WORDS[COMP_CWORD]} option= prefix= ended= command= options= word i
            COMPREPLY=()
            for (( i = 2; i < COMP_CWORD; i++ )); do
                word=${COMP_WORDS[i]}
                if [[ -n $option ]]; then
                    [[ $word == = && ${COMP_WORDS[i-1]} == --* ]] || option=
                    continue
                fi
                if [[ -z $ended ]]; then
                    case $word in
                        --) ended=1; continue ;;
                        \(valued.flatMap(\.spellings).joined(separator: "|"))) option=$word; continue ;;
                        -*) continue ;;
                    esac
                fi
                [[ -z $command ]] && command=$word
            done
            if [[ -n $option && $cur == = && ${COMP_WORDS[COMP_CWORD-1]} == --* ]]; then
                cur=
            elif [[ -z $option && -z $ended && $cur == --*=* ]]; then
                option=${cur%%=*}
                prefix=$option=
                cur=${cur#*=}
            fi
            if [[ -n $option ]]; then
                case $option in
        \(valued.compactMap(BashCompletion.valueBranch).joined(separator: "\n"))
                esac
                if [[ -n $prefix ]]; then COMPREPLY=("${COMPREPLY[@]/#/$prefix}"); fi
            elif [[ -z $ended && $cur == -* ]]; then
                # Before the command, any command's options (they may come first).
                case $command in
                    '') options=\(quote(everyCommandOption)) ;;
        \(perCommand.joined(separator: "\n"))
                esac
                mapfile -t COMPREPLY < <(compgen -W "\(own) $options" -- "$cur")
            elif [[ -z $command ]]; then
                mapfile -t COMPREPLY < <(compgen -W \(quote(send.commands.map(\.name).joined(separator: " "))) -- "$cur")
            else
                case $command in
                    \(files.isEmpty ? "''" : files.joined(separator: "|"))) [[ -z $prefix ]] && compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
                esac
            fi
            # Other words are the message: nothing to complete there.
            return 0
        }
        """
    }
}
