/// The Unix signals the player reacts to.
public enum TerminalSignal: Sendable, Equatable {
    case interrupt, terminate, hangup, resize, suspend, resume
    /// SIGQUIT (Ctrl-\): a quit like Ctrl-C. Without a handler of ours the
    /// Swift runtime takes it for a crash and shows its crash report.
    case quit
}
