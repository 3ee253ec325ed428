import Foundation

/// A small sysfs tree for `--sysfs-root`, changed while the program runs.
/// Files are replaced atomically so the probe never reads half a value.
struct FakeSysfs {
    let root: URL

    init(in directory: URL) throws {
        root = directory.appendingPathComponent("sysfs")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func write(_ relativePath: String, _ value: String) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try writeFile(value + "\n", to: url)
    }

    /// A Raspberry-Pi-like `cpu-thermal` zone with a critical trip at 90 °C.
    func addThermalZone(milliCelsius: Int) throws {
        try write("class/thermal/thermal_zone0/type", "cpu-thermal")
        try write("class/thermal/thermal_zone0/trip_point_0_type", "critical")
        try write("class/thermal/thermal_zone0/trip_point_0_temp", "90000")
        try setTemperature(milliCelsius: milliCelsius)
    }

    func setTemperature(milliCelsius: Int) throws {
        try write("class/thermal/thermal_zone0/temp", String(milliCelsius))
    }

    /// A laptop battery (no `scope`) and an AC adapter.
    func addBattery(capacity: Int, status: String = "Discharging", acOnline: Bool = false) throws {
        try write("class/power_supply/BAT0/type", "Battery")
        try write("class/power_supply/BAT0/status", status)
        try write("class/power_supply/BAT0/capacity", String(capacity))
        try write("class/power_supply/AC/type", "Mains")
        try setACOnline(acOnline)
    }

    func setBatteryCapacity(_ capacity: Int) throws {
        try write("class/power_supply/BAT0/capacity", String(capacity))
    }

    func setACOnline(_ online: Bool) throws {
        try write("class/power_supply/AC/online", online ? "1" : "0")
    }
}
