import MarqueeCore

/// What the power probe saw at one moment, after hysteresis: the thermal
/// state and the low-power state the motion policy needs, plus the details
/// the status line and the `power` event show.
///
/// `nil` means "no data" (VMs, containers): callers treat a `nil` thermal as
/// nominal and a `nil` low-power as off, and show "unknown" (docs/power-probe.md).
public struct PowerReading: Sendable, Hashable {
    /// The thermal state after hysteresis; `nil` when no sensor applies.
    public var thermal: ThermalState?
    /// The temperature (°C) of the sensor that explains ``thermal``: the
    /// hottest of the sensors showing the worst state in this reading, in
    /// whole degrees, moved only by a whole degree (`TemperatureStep`), so
    /// sensor jitter is not a new reading.
    public var hottestCelsius: Double?
    /// Which sensor that is, e.g. `thermal_zone0 cpu-thermal` or `hwmon coretemp`.
    public var thermalSource: String?
    /// Power saver or low battery; `nil` when there is no power data at all.
    public var lowPower: Bool?
    public var supply: MainsOrBattery
    /// The platform profile is `low-power`/`quiet`, every CPU prefers
    /// `power`, or power-profiles-daemon says `power-saver` (``merging(_:)``).
    public var powerSaver: Bool
    /// On battery at a low charge (with its own hysteresis).
    public var lowBattery: Bool
    /// The system batteries' combined charge, on battery or on mains; nil
    /// when none reports one.
    public var batteryPercent: Int?
    /// power-profiles-daemon's profile, when one answers on the system bus.
    public var daemonProfile: DaemonProfile?
    /// Whether the screen is lit, and which file said so; nil when no
    /// display file says anything (docs/power-probe.md, "Display power").
    public var display: DisplayVerdict?
    /// Set when this is the last complete reading kept because a file it
    /// read could not be read now: `PATH: REASON` (`PowerProbe.read`).
    public var unreadable: String?

    public init(thermal: ThermalState? = nil, hottestCelsius: Double? = nil, thermalSource: String? = nil,
                lowPower: Bool? = nil, supply: MainsOrBattery = .unknown, powerSaver: Bool = false,
                lowBattery: Bool = false, batteryPercent: Int? = nil, daemonProfile: DaemonProfile? = nil,
                display: DisplayVerdict? = nil) {
        self.thermal = thermal
        self.hottestCelsius = hottestCelsius
        self.thermalSource = thermalSource
        self.lowPower = lowPower
        self.supply = supply
        self.powerSaver = powerSaver
        self.lowBattery = lowBattery
        self.batteryPercent = batteryPercent
        self.daemonProfile = daemonProfile
        self.display = display
    }

    /// A reading with no data at all.
    static let unknown = PowerReading()

    /// `fair 71°C`, `nominal`, or `unknown`.
    public var thermalSummary: String {
        guard let thermal else { return "unknown" }
        guard let celsius = hottestCelsius else { return thermal.description }
        return "\(thermal) \(Int(celsius.rounded()))°C"
    }

    /// `AC`, `battery 15 %`, `power-saver`, `AC, power-saver`, or `unknown`.
    public var powerSummary: String {
        var parts: [String] = []
        if supply != .unknown { parts.append(supply.description) }
        if powerSaver { parts.append("power-saver") }
        return parts.isEmpty ? "unknown" : parts.joined(separator: ", ")
    }

    /// Both, for one status line: `thermal fair 71°C · power battery 15 %`.
    var summary: String {
        "thermal \(thermalSummary) · power \(powerSummary)"
    }
}
