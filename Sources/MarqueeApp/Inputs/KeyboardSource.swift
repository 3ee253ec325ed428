import MarqueeTerminal

/// The keys, read from the terminal (`KeyboardInput`) as the sign's
/// inputs. A headless sign lists none (docs/headless.md).
@MainActor
final class KeyboardSource: InputSource {
    private let fd: Int32
    private var keys: KeyboardInput?

    /// `fd`: the terminal the keys come from; the caller closes it.
    init(fd: Int32) {
        self.fd = fd
    }

    func start(_ player: PlayerPort) {
        // The callbacks run on the loop's thread, which on EventLoop.main
        // is the main actor.
        keys = KeyboardInput(fd: fd, onKey: { key in
            MainActor.assumeIsolated { player.send(.key(key)) }
        }, onEnd: {
            // The terminal is gone (hang-up without SIGHUP, e.g. a dropped
            // SSH session under a shell that traps it): nobody can see the
            // sign or quit it, so stop rather than draw into the void. It is
            // a hang-up, and ends as one (129), not as a quit: a supervisor
            // that restarts on failure must see a failure.
            MainActor.assumeIsolated { player.signal(.hangup) }
        })
    }

    func stop() {
        keys?.stop()
        keys = nil
    }
}
