import MarqueeCore

/// The temperature a reading reports (docs/power-probe.md, "The temperature
/// reported"): whole degrees, and it moves only when the sensor reads at
/// least ``step`` away from the temperature reported, or when the state or
/// the sensor explaining it changes.
///
/// Whole degrees are what the status line and `{temp}` show. The dead band
/// is there because rounding alone still flips at every half degree a
/// sensor jitters across: a Raspberry Pi's reads in codes 0.487 °C apart
/// (47.238, 47.725 …), so an idle Pi alternating between two of them would
/// log a `power` record at every reading. Any jitter under a degree is now
/// no change, and the temperature reported is always within a degree of
/// the sensor's.
///
/// ```swift
/// var t = TemperatureStep()
/// t.update(celsius: 45.000, state: .nominal, source: "zone")  // 45
/// t.update(celsius: 45.001, state: .nominal, source: "zone")  // 45
/// t.update(celsius: 45.9, state: .nominal, source: "zone")    // 45 — under a degree away
/// t.update(celsius: 46.2, state: .nominal, source: "zone")    // 46
/// ```
struct TemperatureStep: Sendable, Equatable {
    /// How far (°C) the sensor must move from the temperature reported for
    /// a new one to be reported.
    static let step: Double = 1

    private var reported: Double?
    /// What explained the temperature reported; a change of either is a
    /// change of the reading anyway, so the temperature is taken afresh.
    private var state: ThermalState?
    private var source: String?

    /// The temperature to report for a sensor reading `celsius`, the state
    /// it explains and the sensor's name; nil (no sensor) forgets the last.
    mutating func update(celsius: Double?, state: ThermalState?, source: String?) -> Double? {
        guard let celsius else {
            self = TemperatureStep()
            return nil
        }
        if let reported, state == self.state, source == self.source, abs(celsius - reported) < Self.step {
            return reported
        }
        reported = celsius.rounded()
        self.state = state
        self.source = source
        return reported
    }
}
