/// A sign in a fleet (docs/fleet.md): whether its broker has it. The sign
/// plays the same either way; the link shows on the status line while it
/// is down, and in the `status` reply.
extension PlayerState {
    /// The link went up or down (the reducer has checked it changed).
    mutating func apply(link: BrokerLink) -> [PlayerEffect] {
        host.set(link: link)
        return [.log(.link(up: link == .up))]
    }

    /// The status line's text for the link: said only while it is down.
    var linkText: String { brokerLink == .down ? "× broker down" : "" }
}

/// Whether a fleet sign's broker has it (``PlayerInput/brokerLink(_:)``).
public enum BrokerLink: String, Sendable, Hashable {
    case up, down
}
