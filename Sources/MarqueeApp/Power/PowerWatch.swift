import EventLoop
import MarqueeCore

/// The power probe as an input source (docs/power-probe.md): its first
/// reading joins the start batch, so the opening records and the first
/// frame already know the machine's state; then a reading every
/// `--probe-interval` seconds, and one at once for power news (a power
/// supply's uevent, a new power profile).
@MainActor
final class PowerWatch: InputSource {
    private let sampler: PowerSampler
    private let news: PowerNews?
    private var periodic: Task<Void, Never>?

    /// `news`: the sources of power news, nil for the probe alone.
    init(sampler: PowerSampler, news: PowerNews?) {
        self.sampler = sampler
        self.news = news
    }

    /// Opens the sources of power news before the first reading, so no
    /// change falls between that reading and the watch (the bus one loop
    /// turn later, after the first frame: its watch asks the profile as it
    /// starts); which opened is a record of the log only (a machine
    /// without them is normal).
    func prepare(_ player: PlayerPort) -> [PlayerInput] {
        news?.start(onUevent: { [weak self] in
            MainActor.assumeIsolated { self?.sendReading(player) }
        }, onProfile: { [weak self] profile in
            MainActor.assumeIsolated {
                self?.sampler.setProfile(profile)
                self?.sendReading(player)
            }
        }, onSources: { sources in
            MainActor.assumeIsolated { player.record(sources) }
        })
        return [sampler.input(at: player.now())]
    }

    func start(_ player: PlayerPort) {
        let sampler = sampler, clock = player.clock
        periodic = loopTask {
            while !Task.isCancelled {
                do { try await Task.sleep(for: .seconds(sampler.interval), clock: clock) } catch { return }
                player.send(sampler.input(at: player.now()))
            }
        }
    }

    /// Takes a reading now; it joins the batch in progress, if any. The
    /// reading's time is the engine's, the clock the interval sleeps on.
    private func sendReading(_ player: PlayerPort) {
        player.send(sampler.input(at: player.now()))
    }

    func stop() {
        periodic?.cancel()
        periodic = nil
        news?.stop()
    }
}
