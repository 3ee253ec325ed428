/// Reads the thermal sources docs/power-probe.md names, and nothing else: it lists only
/// `class/thermal`, `class/hwmon` and the zone/chip directories in them.
enum ThermalScanner {
    static func scan(_ sys: SysfsReader) -> ThermalSensors {
        let zones = scanZones(sys)
        // hwmon limits are a poorer guide than trip points, and the chips often
        // mirror the zones; read them only when no zone can speak.
        return ThermalSensors(zones: zones, hwmon: zones.isEmpty ? scanHwmon(sys) : [])
    }

    private static func scanZones(_ sys: SysfsReader) -> [ThermalSensors.Zone] {
        // cooling_device* lives in the same directory and is not a sensor.
        sys.entries("class/thermal").filter { $0.hasPrefix("thermal_zone") }.compactMap { name in
            let dir = "class/thermal/\(name)"
            guard let celsius = sys.celsius("\(dir)/temp"), ThermalClassifier.isPlausible(celsius) else { return nil }
            let trips = tripPoints(sys, dir: dir)
            guard ThermalClassifier.zoneState(celsius: celsius, trips: trips) != nil else { return nil }
            let source = sys.text("\(dir)/type").map { "\(name) \($0)" } ?? name
            return ThermalSensors.Zone(source: source, celsius: celsius, trips: trips)
        }
    }

    private static func tripPoints(_ sys: SysfsReader, dir: String) -> [TripPoint] {
        sys.entries(dir).compactMap { file in
            guard file.hasPrefix("trip_point_"), file.hasSuffix("_type") else { return nil }
            let stem = file.dropLast("_type".count)
            guard let type = sys.text("\(dir)/\(file)"), let kind = TripPoint.Kind(rawValue: type),
                  let celsius = sys.celsius("\(dir)/\(stem)_temp") else { return nil }
            return TripPoint(kind, celsius: celsius)
        }
    }

    private static func scanHwmon(_ sys: SysfsReader) -> [ThermalSensors.Hwmon] {
        sys.entries("class/hwmon").filter { $0.hasPrefix("hwmon") }.flatMap { chip in
            let dir = "class/hwmon/\(chip)"
            let files = sys.entries(dir)
            let sensors = files.filter { $0.hasPrefix("temp") && $0.hasSuffix("_input") }
                .map { String($0.dropLast("_input".count)) }
            guard !sensors.isEmpty else { return [ThermalSensors.Hwmon]() }
            func lowest(_ suffix: String) -> Double? {
                sensors.filter { files.contains("\($0)\(suffix)") }
                    .compactMap { sys.celsius("\(dir)/\($0)\(suffix)") }
                    .filter(ThermalClassifier.isUsableLimit)
                    .min()
            }
            let max = lowest("_max")
            let crit = lowest("_crit")
            let source = "hwmon " + (sys.text("\(dir)/name") ?? chip)
            return sensors.compactMap { sensor in
                guard let celsius = sys.celsius("\(dir)/\(sensor)_input"), ThermalClassifier.isPlausible(celsius) else { return nil }
                return ThermalSensors.Hwmon(source: source, celsius: celsius, maxCelsius: max, critCelsius: crit)
            }
        }
    }
}
