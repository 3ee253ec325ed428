/// The host slice: what the world around the sign reports — the power
/// probe's reading, the scene (Ctrl-Z, `fg`), a fleet sign's link to its
/// broker, and what the news feeds' fetches say. Each is replaced whole by
/// the input that brings it.
public struct HostState: Sendable {
    public private(set) var power: PowerConditions = .unknown
    /// The scene as the host says (Ctrl-Z makes it background); see
    /// `PlayerState.effectiveScene` for the one the policy reads.
    public private(set) var scenePhase: ScenePhase = .active
    /// A fleet sign's link to its broker; nil for a sign alone (docs/fleet.md).
    public private(set) var brokerLink: BrokerLink?
    /// What the status line says of the news feeds; nil when all is well.
    public private(set) var feedNote: String?

    init() {}

    mutating func set(power newPower: PowerConditions) { power = newPower }
    mutating func set(scene phase: ScenePhase) { scenePhase = phase }
    mutating func set(link: BrokerLink) { brokerLink = link }
    mutating func set(feedNote note: String?) { feedNote = note }
}
