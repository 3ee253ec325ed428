import MarqueeCore
import PowerProbe

/// The power probe as the player sees it: how often to take a reading, and
/// a reading in the terms of the motion policy (``PowerConditions``), with
/// the desktop's power profile folded in when power-profiles-daemon
/// answers (docs/power-probe.md, "Power news").
struct PowerSampler {
    /// Seconds between readings (`--probe-interval`).
    let interval: Double
    /// Takes a reading now, given as seconds on the player's clock (the
    /// hysteresis counts seconds, docs/power-probe.md); the probe keeps its
    /// hysteresis between calls.
    let read: (_ time: Double) -> PowerConditions
    /// Holds the daemon's latest profile (nil: none answers) for every
    /// reading from now on; the caller takes one to apply it at once.
    let setProfile: (DaemonProfile?) -> Void

    /// The sysfs probe under `root` (`--sysfs-root`).
    static func sysfs(root: String, interval: Double) -> PowerSampler {
        let probe = ProbeState(probe: PowerProbe(reader: SysfsReader(root: root)))
        return PowerSampler(interval: interval, read: { conditions(from: probe.read(at: $0)) },
                            setProfile: { probe.profile = $0 })
    }

    /// A reading now (seconds on the player's clock), as the input the
    /// player takes: the first of the start batch, the interval's, the
    /// news', and the `probePower` effect's.
    func input(at time: Double) -> PlayerInput {
        .power(read(time))
    }

    /// A probe reading as the conditions the player's policy reads.
    static func conditions(from reading: PowerReading) -> PowerConditions {
        let source = [reading.thermalSource, reading.supply == .unknown ? nil : reading.supply.description,
                      reading.daemonProfile?.source, reading.display?.source,
                      reading.unreadable.map { "kept, cannot read \($0)" }]
            .compactMap { $0 }
            .joined(separator: "; ")
        // A kept reading says so on the status line too (docs/status-line.md).
        let thermalText = reading.thermalSummary + (reading.unreadable == nil ? "" : " (stale)")
        return PowerConditions(thermal: reading.thermal, lowPower: reading.lowPower, thermalText: thermalText,
                               powerText: reading.powerSummary, source: source.isEmpty ? "none" : source,
                               batteryPercent: reading.batteryPercent, celsius: reading.hottestCelsius,
                               display: reading.display?.power)
    }
}

/// Holds the probe's hysteresis state between readings, and the daemon's
/// profile between its changes.
private final class ProbeState {
    private var probe: PowerProbe
    var profile: DaemonProfile?
    init(probe: PowerProbe) { self.probe = probe }
    func read(at time: Double) -> PowerReading { probe.read(at: time).merging(profile) }
}
