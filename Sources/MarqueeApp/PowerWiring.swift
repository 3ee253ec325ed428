import MarqueeCore
import PowerProbe

/// Connects the sysfs power probe to the player: each reading becomes the
/// `PowerStatus` the model understands.
enum PowerWiring {
    static func source(_ options: Options) -> PowerSourceAdapter {
        let probe = ProbeBox(probe: PowerProbe(reader: SysfsReader(root: options.sysfsRoot)))
        return PowerSourceAdapter(interval: options.probeInterval) { status(from: probe.read()) }
    }

    static func status(from reading: PowerReading) -> PowerStatus {
        let source = [reading.thermalSource, reading.powerSource == .unknown ? nil : reading.powerSource.description]
            .compactMap { $0 }
            .joined(separator: "; ")
        return PowerStatus(thermal: reading.thermal, lowPower: reading.lowPower, thermalText: reading.thermalSummary,
                           powerText: reading.powerSummary, source: source.isEmpty ? "none" : source)
    }
}

/// The power probe as the player sees it: a reading and how often to take one.
struct PowerSourceAdapter {
    let interval: Double
    let read: () -> PowerStatus
}

/// Holds the probe's hysteresis state between readings.
private final class ProbeBox {
    private var probe: PowerProbe
    init(probe: PowerProbe) { self.probe = probe }
    func read() -> PowerReading { probe.read() }
}
