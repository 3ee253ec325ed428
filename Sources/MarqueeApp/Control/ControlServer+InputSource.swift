/// The control socket as an input source (docs/control.md): each request
/// is answered by the player, as the fleet's commands are.
extension ControlServer: InputSource {
    func start(_ player: PlayerPort) {
        // The handler runs on the loop's thread, the main actor's.
        start { request in
            MainActor.assumeIsolated { player.answer(request) }
        }
    }

    /// Nothing: the player closes the socket itself after the `quit`
    /// record, so `watch` clients see the end.
    func stop() {}
}
