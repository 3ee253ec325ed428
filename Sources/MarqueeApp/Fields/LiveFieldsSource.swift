import MarqueeCore

/// Live fields as an input source (docs/live-fields.md): ``LiveFields``
/// becomes the engine's `fill` hook before the start, so the first frame
/// shows a message's fields filled, and sends the readings its refresh
/// timer takes.
@MainActor
final class LiveFieldsSource: InputSource {
    private var fields: LiveFields?

    func prepare(_ player: PlayerPort) -> [PlayerInput] {
        let fields = LiveFields(clock: player.clock, state: player.state, now: player.now,
                                send: { player.send(.fieldsFilled($0)) }, report: player.report)
        player.setFill { fields.fill($0) }
        self.fields = fields
        return []
    }

    func stop() {
        fields?.stop()
    }
}
