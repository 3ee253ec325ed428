import EventLoop
import MarqueeCore

/// The cue file's change check as an input source: ``CueReloader`` asked
/// on the quality tier's interval (docs/motion-policy.md), a changed file
/// one `.cuesReplaced` (after its deck's zones, `.deckZones`), a failed
/// reload one report.
@MainActor
final class CueReloadCheck: InputSource {
    private let reloader: CueReloader
    private var periodic: Task<Void, Never>?

    init(_ reloader: CueReloader) {
        self.reloader = reloader
    }

    func start(_ player: PlayerPort) {
        let reloader = reloader, clock = player.clock
        periodic = loopTask {
            // The interval is read again each time: the tier may change.
            while !Task.isCancelled {
                let interval = player.state().tier.reloadCheckInterval
                do { try await Task.sleep(for: .seconds(interval), clock: clock) } catch { return }
                switch reloader.check() {
                case .unchanged: break
                case .changed(let cues, let zones):
                    player.send(.deckZones(zones))
                    player.send(.cuesReplaced(cues))
                case .failed(let message): player.report(message)
                }
            }
        }
    }

    func stop() {
        periodic?.cancel()
        periodic = nil
    }
}
