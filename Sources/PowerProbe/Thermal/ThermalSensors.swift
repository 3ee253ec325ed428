import MarqueeCore

/// One thermal reading of the machine: the sensors that apply, already
/// parsed, so classifying them is pure and can be repeated with a margin.
struct ThermalSensors: Sendable, Equatable {
    /// A kernel thermal zone that has a plausible temperature and at least
    /// one usable trip point.
    struct Zone: Sendable, Equatable {
        var source: String
        var celsius: Double
        var trips: [TripPoint]
    }

    /// One `temp*_input` of an hwmon chip, with the chip's lowest limits.
    struct Hwmon: Sendable, Equatable {
        var source: String
        var celsius: Double
        var maxCelsius: Double?
        var critCelsius: Double?
    }

    /// What one source says; the hottest of these is the reading.
    struct Verdict: Sendable, Equatable {
        var state: ThermalState
        var celsius: Double
        var source: String
    }

    var zones: [Zone] = []
    var hwmon: [Hwmon] = []

    /// The worst source at thresholds lowered by `margin`, ties going to the
    /// hottest temperature, so the reported temperature is one that explains
    /// the state; `nil` when no source applies.
    func verdict(margin: Double = 0) -> Verdict? {
        let zoneVerdicts = zones.compactMap { zone in
            ThermalClassifier.zoneState(celsius: zone.celsius, trips: zone.trips, margin: margin)
                .map { Verdict(state: $0, celsius: zone.celsius, source: zone.source) }
        }
        let hwmonVerdicts = hwmon.compactMap { sensor in
            ThermalClassifier.hwmonState(celsius: sensor.celsius, maxCelsius: sensor.maxCelsius,
                                         critCelsius: sensor.critCelsius, margin: margin)
                .map { Verdict(state: $0, celsius: sensor.celsius, source: sensor.source) }
        }
        return (zoneVerdicts + hwmonVerdicts).max { ($0.state, $0.celsius) < ($1.state, $1.celsius) }
    }
}
