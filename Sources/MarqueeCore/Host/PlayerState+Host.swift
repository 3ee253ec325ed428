/// What the host reports: power readings and the scene. Each handler runs
/// inside the door the reducer opened, which has checked it is a change.
extension PlayerState {
    /// A new power reading from the probe; logs a `power` event.
    mutating func apply(power newPower: PowerConditions) -> [PlayerEffect] {
        host.set(power: newPower)
        return [.log(.power(thermal: newPower.thermal?.description ?? "unknown", lowPower: newPower.lowPower,
                            source: newPower.source, display: newPower.display?.rawValue ?? "unknown"))]
    }

    /// The scene went to the background (Ctrl-Z) or came back (`fg`).
    mutating func setScene(_ phase: ScenePhase) -> [PlayerEffect] {
        host.set(scene: phase)
        return phase == .active ? [.probePower] : []
    }
}
