/// What became of a ``RemoteCommand``, for the answer to whoever sent it:
/// the control socket writes `{"ok":true}` or
/// `{"ok":false,"error":"no cue 9 (the flow has 3)"}` from ``ok`` and
/// ``error``. It is returned by ``PlayerState/reduce(remote:at:)`` rather
/// than carried as a ``PlayerEffect``: the answer belongs to the one caller
/// who asked, not to the host that performs effects. A refused command
/// changes nothing but, for pause and resume, the notice it shows.
public enum RemoteOutcome: Sendable, Equatable {
    /// Done (also when it changed nothing, like `pause` while paused).
    case done
    /// `clear`: whether an interrupt was showing and was ended.
    case cleared(Bool)
    /// Refused, with a sentence a person can read.
    case refused(String)

    public var ok: Bool {
        if case .refused = self { return false }
        return true
    }

    public var error: String? {
        if case .refused(let message) = self { return message }
        return nil
    }
}
