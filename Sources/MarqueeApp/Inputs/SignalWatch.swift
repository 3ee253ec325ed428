import EventLoop
import MarqueeTerminal

/// The signals the process blocked (`SignalEvents.block`, in
/// `Program.play`), read from a signalfd in the loop and handed to the
/// player, whose display and run they act on.
@MainActor
final class SignalWatch: InputSource {
    private var source: SignalSource?

    func start(_ player: PlayerPort) {
        source = SignalEvents.watch { signal in
            MainActor.assumeIsolated { player.signal(signal) }
        }
        if source == nil { player.report("no signalfd: signals are not handled") }
    }

    func stop() {
        source?.stop()
        source = nil
    }
}
