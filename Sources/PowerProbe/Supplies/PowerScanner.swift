/// Reads the power sources docs/power-probe.md names: `class/power_supply`, the platform
/// profile and the CPU energy-performance preferences.
enum PowerScanner {
    static func supplies(_ sys: SysfsReader) -> PowerSupplies {
        var result = PowerSupplies()
        for name in sys.entries("class/power_supply") {
            let dir = "class/power_supply/\(name)"
            guard let type = sys.text("\(dir)/type"),
                  sys.text("\(dir)/scope") != "Device" else { continue }  // mice, keyboards, pens
            if type == "Battery" {
                guard sys.integer("\(dir)/present") != 0 else { continue }  // an empty bay
                func value(_ file: String) -> Double? {
                    sys.integer("\(dir)/\(file)").flatMap { $0 >= 0 ? Double($0) : nil }
                }
                result.batteries.append(PowerSupplies.Battery(
                    status: sys.text("\(dir)/status"),
                    energyNow: value("energy_now"), energyFull: value("energy_full"),
                    chargeNow: value("charge_now"), chargeFull: value("charge_full"),
                    capacity: value("capacity").flatMap { $0 <= 100 ? $0 : nil }))
            } else if type == "Mains" || type.hasPrefix("USB") {  // USB, USB_C, USB_PD, …
                guard let online = sys.integer("\(dir)/online") else { continue }
                result.hasExternalSupply = true
                if online != 0 { result.externalPowerOnline = true }
            }
        }
        return result
    }

    /// Whether the platform profile asks for power saving; `nil` when no
    /// profile can be read.
    static func profileSaver(_ sys: SysfsReader) -> Bool? {
        let classProfiles = sys.entries("class/platform-profile").map { "class/platform-profile/\($0)/profile" }
        let profiles = (["firmware/acpi/platform_profile"] + classProfiles).compactMap { sys.text($0) }
        guard !profiles.isEmpty else { return nil }
        return profiles.contains { $0 == "low-power" || $0 == "quiet" }
    }

    /// Whether every CPU policy prefers `power`; `nil` when no policy has a
    /// readable preference (ARM boards, VMs, non-EPP drivers).
    static func energyPreferenceSaver(_ sys: SysfsReader) -> Bool? {
        let base = "devices/system/cpu/cpufreq"
        let preferences = sys.entries(base).filter { $0.hasPrefix("policy") }
            .compactMap { sys.text("\(base)/\($0)/energy_performance_preference") }
        guard !preferences.isEmpty else { return nil }
        return preferences.allSatisfy { $0 == "power" }
    }
}
