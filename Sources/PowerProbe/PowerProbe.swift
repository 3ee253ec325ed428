#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif


/// Reads a sysfs tree into a ``PowerReading``, carrying the thermal
/// hysteresis, the temperature's step and the low-battery latch from one
/// reading to the next.
///
/// A reading lists only the directories docs/power-probe.md names and reads a few small
/// attributes; it never walks `/sys`. Call ``read(at:)`` on the probe
/// interval and whenever a fresh answer is needed (resume, the `t`/`b` keys,
/// power news), with the time of the reading: the hysteresis counts seconds.
///
/// ```swift
/// var probe = PowerProbe(reader: SysfsReader(root: "/sys"))
/// let reading = probe.read(at: 0)
/// reading.thermal ?? .nominal        // what the motion policy uses
/// reading.summary                    // "thermal fair 71°C · power AC"
/// ```
public struct PowerProbe: Sendable {
    public let reader: SysfsReader
    private var hysteresis = ThermalHysteresis()
    private var temperature = TemperatureStep()
    private var lowBattery = LowBatteryLatch()
    /// The last reading that read every file the one before it could.
    private var lastComplete: PowerReading?
    /// The files and directories that reading read.
    private var lastReadable: Set<String> = []

    public init(reader: SysfsReader) {
        self.reader = reader
    }

    /// Takes one reading now; `time` is now in seconds on a clock that does
    /// not go back (the player's), for the hysteresis. When a file or directory the last complete
    /// reading read cannot be read now (not gone: unreadable — out of
    /// descriptors, say), that reading is given again, with `unreadable`
    /// saying why: a machine running hot must not pass for one with no
    /// sensors (docs/power-probe.md, "When the files cannot be read").
    public mutating func read(at time: Double) -> PowerReading {
        _ = reader.access.take()
        let carried = (hysteresis, temperature, lowBattery)
        let reading = scan(at: time)
        let access = reader.access.take()
        if var kept = lastComplete,
           let lost = access.unreadable.filter({ lastReadable.contains($0.key) }).min(by: { $0.key < $1.key }) {
            (hysteresis, temperature, lowBattery) = carried
            kept.unreadable = "\(lost.key): \(String(cString: strerror(lost.value)))"
            return kept
        }
        lastComplete = reading
        lastReadable = access.readable
        return reading
    }

    private mutating func scan(at time: Double) -> PowerReading {
        var reading = PowerReading()

        let sensors = ThermalScanner.scan(reader)
        let verdict = sensors.verdict()
        reading.thermal = hysteresis.update(
            raw: verdict?.state,
            lowered: sensors.verdict(margin: ThermalHysteresis.margin)?.state,
            at: time)
        reading.hottestCelsius = temperature.update(celsius: verdict?.celsius, state: reading.thermal,
                                                    source: verdict?.source)
        reading.thermalSource = verdict?.source

        let supplies = PowerScanner.supplies(reader)
        let profileSaver = PowerScanner.profileSaver(reader)
        let preferenceSaver = PowerScanner.energyPreferenceSaver(reader)
        reading.supply = supplies.mainsOrBattery
        reading.powerSaver = profileSaver == true || preferenceSaver == true
        reading.lowBattery = lowBattery.update(supplies)
        reading.batteryPercent = supplies.percent
        if supplies.hasData || profileSaver != nil || preferenceSaver != nil {
            reading.lowPower = reading.powerSaver || reading.lowBattery
        }
        reading.display = DisplayScanner.scan(reader).verdict()
        return reading
    }
}
