import Testing
@testable import PowerProbe
import TestSupport

/// Power-saver and power-source readings of fixture machines with one
/// setting changed in a scratch copy.
@Suite("Power readings of fixture machines")
struct PowerFixtureTests {
    static let profileFiles = ["firmware/acpi/platform_profile", "class/platform-profile/platform-profile-0/profile"]

    @Test("platform profile: low-power and quiet save power, others do not",
          arguments: [("low-power", true), ("quiet", true), ("cool", false), ("balanced", false), ("performance", false)])
    func platformProfile(profile: String, saver: Bool) throws {
        let tree = try ScratchSysfs(copying: "platform-profile-low-power")
        for file in Self.profileFiles { try tree.write(file, profile) }
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        #expect(reading.powerSaver == saver)
        #expect(reading.lowPower == saver)
        #expect(reading.powerSummary == (saver ? "AC, power-saver" : "AC"))
    }

    @Test("either profile location is enough on its own", arguments: profileFiles)
    func eitherProfileLocation(kept: String) throws {
        let tree = try ScratchSysfs(copying: "platform-profile-low-power")
        for file in Self.profileFiles where file != kept { try tree.remove(file) }
        var probe = PowerProbe(reader: tree.reader)
        #expect(probe.read(at: 0).lowPower == true)
    }

    @Test("energy-performance preference saves power only when every policy says power",
          arguments: [(["power", "power", "power", "power"], true), (["power", "power", "power", "balance_power"], false),
                      (["balance_power", "balance_power", "balance_power", "balance_power"], false)])
    func energyPreference(preferences: [String], saver: Bool) throws {
        let tree = try ScratchSysfs(copying: "laptop-ac")
        for (policy, preference) in preferences.enumerated() {
            try tree.write("devices/system/cpu/cpufreq/policy\(policy)/energy_performance_preference", preference)
        }
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        #expect(reading.powerSaver == saver)
        #expect(reading.lowPower == saver)
    }

    @Test("a saver setting alone gives low-power data on a machine without batteries")
    func preferenceWithoutSupplies() throws {
        let tree = try ScratchSysfs(copying: "desktop-coretemp")
        try tree.write("devices/system/cpu/cpufreq/policy0/energy_performance_preference", "balance_performance")
        var probe = PowerProbe(reader: tree.reader)
        #expect(probe.read(at: 0).lowPower == false)
        try tree.write("devices/system/cpu/cpufreq/policy0/energy_performance_preference", "power")
        #expect(probe.read(at: 0).lowPower == true)
    }

    @Test("a USB-C charger counts as AC")
    func usbCharger() throws {
        let tree = try ScratchSysfs(copying: "laptop-battery-15")
        try tree.write("class/power_supply/ucsi-source-psy-USBC000:001/online", "1")
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        #expect(reading.supply == .ac)
        #expect(reading.lowPower == false)
    }

    @Test("the peripheral battery is ignored even when it is the only battery")
    func peripheralOnly() throws {
        let tree = try ScratchSysfs(copying: "laptop-battery-15")
        try tree.remove("class/power_supply/BAT0")
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        #expect(reading.lowBattery == false)
        #expect(reading.supply == .unknown)
    }

    @Test("an empty battery bay (present = 0) is not a battery")
    func emptyBay() throws {
        let tree = try ScratchSysfs(copying: "laptop-two-batteries-40")
        try tree.write("class/power_supply/BAT1/present", "0")
        var probe = PowerProbe(reader: tree.reader)
        #expect(probe.read(at: 0).supply == .battery(percent: 10))
    }

    @Test("charge_now/charge_full is used when a battery has no energy files")
    func chargeUnits() throws {
        let tree = try ScratchSysfs(copying: "laptop-battery-15")
        try tree.remove("class/power_supply/BAT0/energy_now")
        try tree.remove("class/power_supply/BAT0/energy_full")
        try tree.write("class/power_supply/BAT0/charge_now", "600000")
        try tree.write("class/power_supply/BAT0/charge_full", "4000000")
        try tree.write("class/power_supply/BAT0/capacity", "99")
        var probe = PowerProbe(reader: tree.reader)
        #expect(probe.read(at: 0).supply == .battery(percent: 15))
    }
}
