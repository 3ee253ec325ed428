/// The zsh script: one `_arguments` spec per spelling of every option, with
/// `_files`, `_files -/` or a list of words for its value. It is both an
/// autoloaded `_ledmarquee` in `fpath` and a file to `source` after compinit.
enum ZshCompletion {
    static func script(_ options: [OptionSpec], send: SubcommandCompletion) -> String {
        let function = "_" + CompletionScripts.command
        let specs = options.flatMap(specs) + [CompletionScripts.singleQuoted("*:message: ")]
        return """
        #compdef \(CompletionScripts.command)
        # zsh completion for \(CompletionScripts.command), printed by `\(CompletionScripts.command) --completions zsh`
        # and generated from its option table.
        \(function)() {
            # "send" only as the first word starts the client (docs/control.md).
            if [[ $words[2] == \(send.word) ]] && (( CURRENT > 2 )); then
                \(function)_\(send.word)
                return
            fi
            _arguments -S \\
                \(specs.joined(separator: " \\\n        "))
        }
        \(ZshSendCompletion.function(send))
        # Autoloaded from fpath, the file is the completion function's body;
        # sourced, it only registers the function.
        if [[ $funcstack[1] == \(function) ]]; then
            \(function) "$@"
        else
            compdef \(function) \(CompletionScripts.command)
        fi

        """
    }

    /// `'(-c --color --colour)--color=[summary]:C:(red amber …)'` for each
    /// spelling: the group in front keeps a twin from being offered again.
    static func specs(_ option: OptionSpec) -> [String] {
        let group = "(" + option.spellings.joined(separator: " ") + ")"
        let description = "[" + escaped(option.summary, "\\[]") + "]"
        let argument = option.takesValue ? ":" + escaped(option.placeholder ?? "value", "\\:") + ":" + action(option) : ""
        return option.spellings.map { spelling in
            // "=" lets a long option's value follow in the same word or the
            // next; "+" does the same for a short one (-s3, -s 3).
            let joiner = option.takesValue ? (spelling.hasPrefix("--") ? "=" : "+") : ""
            return CompletionScripts.singleQuoted(group + spelling + joiner + description + argument)
        }
    }

    private static func action(_ option: OptionSpec) -> String {
        switch option.value {
        case .choice: "(" + option.choices.joined(separator: " ") + ")"
        case .file: "_files"
        case .directory: "_files -/"
        // A space: show the placeholder, complete nothing.
        case .none, .number, .text: " "
        }
    }

    /// `text` with a backslash before every character of `special`.
    private static func escaped(_ text: String, _ special: String) -> String {
        String(text.flatMap { special.contains($0) ? ["\\", $0] : [$0] })
    }
}
