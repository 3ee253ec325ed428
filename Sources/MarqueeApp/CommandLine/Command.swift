/// What the command line asks the program to do.
public enum Command: Sendable, Equatable {
    case help
    case version
    case run(Options)
}
