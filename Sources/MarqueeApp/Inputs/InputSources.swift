import MarqueeCore

/// The sign's input sources in the order `Program.inputSources` lists
/// them, and the one place that order is kept (docs/architecture.md,
/// "Input sources"): each is prepared in list order and its initial
/// inputs gathered, the engine starts with them, then each is started in
/// list order; they stop in the reverse order. So what a later source
/// needs of an earlier one is there (power news is open before the first
/// reading is taken), and the last to start is the first to stop: the
/// fleet, listed last, tells the broker the sign is online once all else
/// runs and offline while all else still does.
@MainActor
struct InputSources {
    let list: [any InputSource]

    init(_ list: [any InputSource]) {
        self.list = list
    }

    /// Prepares every source, hands their initial inputs to `startEngine`
    /// (which reduces them with `.start`, one batch, one frame), then
    /// starts every source.
    func start(_ player: PlayerPort, startEngine: ([PlayerInput]) -> Void) {
        var initial: [PlayerInput] = []
        for source in list { initial += source.prepare(player) }
        startEngine(initial)
        for source in list { source.start(player) }
    }

    /// After each input's effects: every source may look at the sign again.
    func effectsPerformed() {
        for source in list { source.effectsPerformed() }
    }

    /// Stops every source, the last started first.
    func stop() {
        for source in list.reversed() { source.stop() }
    }
}
