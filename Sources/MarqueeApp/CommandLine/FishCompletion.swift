/// The fish script: one `complete -c ledmarquee` line per option; fish
/// itself handles `--option=value` and short options with attached values.
enum FishCompletion {
    static func script(_ options: [OptionSpec], send: SubcommandCompletion) -> String {
        let command = CompletionScripts.command
        let directories = "__\(command)_directories"
        let lines = options.map { line($0, directories: directories, condition: FishSendCompletion.notInSend(send)) }
        return """
        # fish completion for \(command), printed by `\(command) --completions fish`
        # and generated from its option table.
        # Words that are not options are the message: no file names there.
        complete -c \(command) -f
        # Fish adds the "--option=" back in front of what this prints.
        function \(directories)
            __fish_complete_directories (commandline -ct | string replace -r -- '^-[^=]*=' '')
        end
        \(lines.joined(separator: "\n"))
        \(FishSendCompletion.lines(send, directories: directories))

        """
    }

    /// One `complete` line; `condition`, when given, is its `-n` test.
    static func line(_ option: OptionSpec, directories: String, condition: String? = nil) -> String {
        var words = ["complete", "-c", CompletionScripts.command]
        if let condition { words += ["-n", quoted(condition)] }
        if let short = option.short { words += ["-s", String(short)] }
        for name in [option.long] + option.aliases { words += ["-l", name] }
        switch option.value {
        case .none: break
        // -x: a value is required and it is not a file name.
        case .number, .text: words.append("-x")
        case .choice: words += ["-x", "-a", quoted(option.choices.joined(separator: " "))]
        // -F brings back the file names the first line turned off.
        case .file: words += ["-r", "-F"]
        case .directory: words += ["-x", "-a", quoted("(\(directories))")]
        }
        words += ["-d", quoted(option.summary)]
        return words.joined(separator: " ")
    }

    /// Fish's single quotes: only `\` and `'` need a backslash.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
