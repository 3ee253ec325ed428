/// What the command line asks the program to do.
public enum Command: Sendable, Equatable {
    case help
    case version
    /// `--completions SHELL`: print that shell's completion script (the
    /// shell's name, lower case, one of the table's choices).
    case completions(String)
    /// Play (or `--snapshot`) with these options; `warnings` are values
    /// that were mended, one line each, printed before anything else.
    case run(Options, warnings: [String])
}
