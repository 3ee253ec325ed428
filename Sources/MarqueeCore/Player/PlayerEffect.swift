/// What the player asks its controller to do after handling an input: the
/// pure state never performs effects itself.
public enum PlayerEffect: Sendable, Equatable {
    /// Append a record to the events log.
    case log(EventRecord)
    /// Restore the terminal and exit.
    case quit
    /// Read the power probe now (the `t`/`b` keys, resume after Ctrl-Z).
    case probePower
}
