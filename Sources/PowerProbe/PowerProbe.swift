/// Reads a sysfs tree into a ``PowerReading``, carrying the thermal
/// hysteresis and the low-battery latch from one reading to the next.
///
/// A reading lists only the directories docs/power-probe.md names and reads a few small
/// attributes; it never walks `/sys`. Call ``read()`` on the probe interval
/// and whenever a fresh answer is needed (resume, the `t`/`b` keys).
///
/// ```swift
/// var probe = PowerProbe(reader: SysfsReader(root: "/sys"))
/// let reading = probe.read()
/// reading.thermal ?? .nominal        // what the motion policy uses
/// reading.summary                    // "thermal fair 71°C · power AC"
/// ```
public struct PowerProbe: Sendable {
    public let reader: SysfsReader
    private var hysteresis = ThermalHysteresis()
    private var lowBattery = LowBatteryLatch()

    public init(reader: SysfsReader) {
        self.reader = reader
    }

    /// Takes one reading now.
    public mutating func read() -> PowerReading {
        var reading = PowerReading()

        let sensors = ThermalScanner.scan(reader)
        let verdict = sensors.verdict()
        reading.thermal = hysteresis.update(
            raw: verdict?.state,
            lowered: sensors.verdict(margin: ThermalHysteresis.margin)?.state)
        reading.hottestCelsius = verdict?.celsius
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
