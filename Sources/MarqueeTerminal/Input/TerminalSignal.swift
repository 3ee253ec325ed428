/// The Unix signals the player reacts to.
public enum TerminalSignal: Sendable, Equatable {
    case interrupt, terminate, hangup, resize, suspend, resume
    /// SIGQUIT (Ctrl-\): a quit like Ctrl-C. Without a handler of ours the
    /// Swift runtime takes it for a crash and shows its crash report.
    case quit
    /// SIGUSR1: reopen the events log, for logrotate's `postrotate`
    /// (docs/events-log.md, "Rotating the log").
    case reopenLog
    /// Any other signal whose default action ends the process (SIGUSR2,
    /// SIGALRM, SIGXCPU, the real-time signals…), by its number: the player
    /// ends as for SIGTERM, then the process dies of this signal.
    case ending(Int32)
}
