/// What the power probe last saw, in the terms the player needs; `nil`
/// fields mean no data (a VM, a container), shown as "unknown".
public struct PowerConditions: Sendable, Equatable {
    public var thermal: ThermalState?
    public var lowPower: Bool?
    /// For the status line, e.g. `fair 71°C`.
    public var thermalText: String
    /// For the status line, e.g. `AC`, `battery 15 %`, `power-saver`.
    public var powerText: String
    /// Where the reading came from, for the events log.
    public var source: String
    /// The batteries' charge in percent, on battery or not; nil without one
    /// that reports it (what `{battery}` shows).
    public var batteryPercent: Int?
    /// The temperature behind ``thermal``, in °C (what `{temp}` shows).
    public var celsius: Double?
    /// Whether the screen is lit; nil when nothing says (docs/power-probe.md,
    /// "Display power"). Off makes the scene inactive.
    public var display: DisplayPower?

    public init(thermal: ThermalState?, lowPower: Bool?, thermalText: String, powerText: String, source: String,
                batteryPercent: Int? = nil, celsius: Double? = nil, display: DisplayPower? = nil) {
        self.thermal = thermal
        self.lowPower = lowPower
        self.thermalText = thermalText
        self.powerText = powerText
        self.source = source
        self.batteryPercent = batteryPercent
        self.celsius = celsius
        self.display = display
    }

    public static let unknown = PowerConditions(thermal: nil, lowPower: nil, thermalText: "unknown", powerText: "unknown", source: "none")
}
