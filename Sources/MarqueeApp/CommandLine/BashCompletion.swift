/// The bash script: a `complete -F` function over `COMP_WORDS`, `COMP_CWORD`
/// and `compgen`, so it needs bash alone and not the bash-completion package.
enum BashCompletion {
    static func script(_ options: [OptionSpec], send: SubcommandCompletion) -> String {
        let function = "_" + CompletionScripts.command
        let valued = options.filter(\.takesValue)
        let everySpelling = options.flatMap(\.spellings).joined(separator: " ")
        return """
        # bash completion for \(CompletionScripts.command), printed by `\(CompletionScripts.command) --completions bash`
        # and generated from its option table. Needs bash 4 and nothing else.
        \(function)() {
            local cur=${COMP_WORDS[COMP_CWORD]} option= prefix= ended= word i
            COMPREPLY=()
            # "send" only as the first word starts the client (docs/control.md).
            if [[ ${COMP_WORDS[1]} == \(send.word) ]] && (( COMP_CWORD > 1 )); then
                \(function)_\(send.word)
                return 0
            fi
            # Find the option whose value is being completed, if any. When
            # COMP_WORDBREAKS has "=" (the default), bash splits "--style=b" into
            # "--style" "=" "b": an "=" right after a long option keeps it waiting.
            for (( i = 1; i < COMP_CWORD; i++ )); do
                word=${COMP_WORDS[i]}
                if [[ -n $option ]]; then
                    [[ $word == = && ${COMP_WORDS[i-1]} == --* ]] || option=
                    continue
                fi
                [[ -n $ended ]] && continue
                case $word in
                    --) ended=1 ;;
                    \(valued.flatMap(\.spellings).joined(separator: "|"))) option=$word ;;
                esac
            done
            if [[ -n $option && $cur == = && ${COMP_WORDS[COMP_CWORD-1]} == --* ]]; then
                cur=
            elif [[ -z $option && -z $ended && $cur == --*=* ]]; then
                # "=" is not a word break here, so the reply must repeat "--option=".
                option=${cur%%=*}
                prefix=$option=
                cur=${cur#*=}
            fi
            if [[ -n $option ]]; then
                case $option in
        \(valued.compactMap(valueBranch).joined(separator: "\n"))
                esac
                if [[ -n $prefix ]]; then COMPREPLY=("${COMPREPLY[@]/#/$prefix}"); fi
            elif [[ -z $ended && $cur == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W \(CompletionScripts.singleQuoted(everySpelling)) -- "$cur")
            fi
            # Other words are the message: nothing to complete there.
            return 0
        }
        \(BashSendCompletion.function(send))
        complete -F \(function) \(CompletionScripts.command)

        """
    }

    /// The `case` branch completing one option's value; nil when nothing is
    /// completed there (numbers, free text), which the `case` then skips.
    static func valueBranch(_ option: OptionSpec) -> String? {
        let generator: String
        switch option.value {
        case .none, .number, .text:
            return nil
        case .choice:
            generator = "compgen -W \(CompletionScripts.singleQuoted(option.choices.joined(separator: " "))) -- \"$cur\""
        case .file:
            generator = "compgen -f -- \"$cur\""
        case .directory:
            generator = "compgen -d -- \"$cur\""
        }
        // `-o filenames` quotes spaces and adds "/" after a directory; compopt
        // fails, harmlessly, outside a real completion (as in the tests).
        let filenames = option.value == .file || option.value == .directory
            ? "[[ -z $prefix ]] && compopt -o filenames 2>/dev/null; " : ""
        return "            \(option.spellings.joined(separator: "|"))) \(filenames)mapfile -t COMPREPLY < <(\(generator)) ;;"
    }
}
