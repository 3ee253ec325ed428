/// The sign's part in a fleet as an input source (docs/fleet.md): its
/// decks and commands become inputs and answers like the control
/// socket's, and its status follows the sign. `Program` lists it last,
/// so it stops first: the sign says it goes offline while all else still
/// runs.
extension FleetMember: InputSource {
    func start(_ player: PlayerPort) {
        start(Player(send: player.send, answer: player.answer, snapshot: player.snapshot, report: player.report,
                     status: { player.state().statusSnapshot(at: player.now()) }))
    }

    /// The sign's status may have changed: published, at most once a second.
    func effectsPerformed() {
        stateChanged()
    }
}
