import MarqueeCore

/// Live input (`-f -` streaming, `--follow`) as an input source
/// (docs/cue-flow.md, "Live input"): each read is one replacement of the
/// flow, however many lines it brought, or one `add` when lines only
/// joined it.
@MainActor
final class LiveFeed: InputSource {
    private let feed: any LiveCueSource

    /// `feed` has given its first cues (`firstCues`) already.
    init(_ feed: any LiveCueSource) {
        self.feed = feed
    }

    func start(_ player: PlayerPort) {
        feed.follow { update in
            if case .remote(let command)? = update.input, let list = update.cues {
                // Lines `add`ed from the socket may have filled the flow
                // (docs/limits.md); the live list alone is within it.
                if case .refused? = player.command(command) { player.send(.cuesReplaced(list)) }
            } else if let input = update.input {
                player.send(input)
            }
            update.inputs.forEach { player.send($0) }
            update.notes.forEach { player.report($0) }
            if let choice = update.choice { player.record(choice.record) }
        }
    }

    func stop() {
        feed.stop()
    }
}
