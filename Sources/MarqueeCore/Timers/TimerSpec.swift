/// One timed job a slice declares (docs/condition-ids.md): under `key`,
/// wait for `deadline`, then send `fires`. `identity` is the condition ID:
/// while it stays equal the running wait is left alone; when it changes
/// the wait is called off and a new one starts. The spec is data, read
/// from the state after each batch, so the engine needs no code per timer.
public struct TimerSpec: Sendable {
    public let key: TimerKey
    /// The condition ID: every input that should restart the wait.
    public let identity: TimerIdentity
    /// When the wait ends; nil for no wait under this identity.
    public let deadline: TimerDeadline?
    /// What the wait sends when it ends.
    public let fires: PlayerInput

    public init(_ key: TimerKey, identity: some Hashable & Sendable, deadline: TimerDeadline?, fires: PlayerInput) {
        self.key = key
        self.identity = TimerIdentity(identity)
        self.deadline = deadline
        self.fires = fires
    }
}

/// When a declared wait ends, on the engine's time line.
public enum TimerDeadline: Sendable, Equatable {
    /// At this engine time (the advance's end, a pass, an interrupt).
    case at(Double)
    /// This many seconds after the wait starts, that is after the batch
    /// whose state gave the identity (the controls line's idle timeout, a
    /// drift interval).
    case after(Double)
}

/// A timer's condition ID, whatever its type: compared and hashed as the
/// value it wraps.
public struct TimerIdentity: Hashable, @unchecked Sendable {
    // Unchecked: `AnyHashable` is not `Sendable`, but the only initializer
    // takes a `Sendable` value, so what it wraps always is.
    private let value: AnyHashable

    public init(_ value: some Hashable & Sendable) { self.value = AnyHashable(value) }
}
