/// A sign in a fleet (docs/fleet.md): whether its broker has it. The sign
/// plays the same either way; the link shows on the status line while it
/// is down, and in the `status` reply.
extension PlayerState {
    /// The link went up or down. Not a transaction: nothing the motion
    /// policy, a wait or the scroll reads changes.
    mutating func apply(link: BrokerLink, at t: Double) -> [PlayerEffect] {
        guard link != brokerLink else { return [] }
        brokerLink = link
        return [.log(.link(up: link == .up))]
    }

    /// The status line's text for the link: said only while it is down.
    var linkText: String { brokerLink == .down ? "× broker down" : "" }
}

/// Whether a fleet sign's broker has it (``PlayerInput/brokerLink(_:)``).
public enum BrokerLink: String, Sendable, Hashable {
    case up, down
}
