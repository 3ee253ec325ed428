import MarqueeCore
import Testing
@testable import PowerProbe
import TestSupport

/// Fixture machines at other temperatures: a scratch copy of the tree with
/// the sensor files rewritten.
@Suite("Thermal readings of fixture machines")
struct ThermalFixtureTests {
    @Test("desktop with only hwmon coretemp (max 80 °C, crit 100 °C)",
          arguments: [(42.0, ThermalState.nominal), (85, .serious), (92, .critical)])
    func desktop(celsius: Double, expected: ThermalState) throws {
        let tree = try ScratchSysfs(copying: "desktop-coretemp")
        // Package and cores alike, the way a loaded CPU reads.
        for sensor in 1...5 {
            try tree.write("class/hwmon/hwmon0/temp\(sensor)_input", String(Int(celsius * 1000) - (sensor == 1 ? 0 : 1000)))
        }
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        #expect(reading.thermal == expected)
        #expect(reading.hottestCelsius == celsius)
        #expect(reading.thermalSource == "hwmon coretemp")
    }

    @Test("Raspberry Pi cpu-thermal zone with a 90 °C critical trip",
          arguments: [(48_700, ThermalState.nominal, "nominal 49°C"), (72_000, .fair, "fair 72°C"),
                      (81_000, .serious, "serious 81°C"), (86_000, .critical, "critical 86°C")])
    func raspberryPi(milliCelsius: Int, expected: ThermalState, summary: String) throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        try tree.write("class/thermal/thermal_zone0/temp", String(milliCelsius))
        try tree.write("class/hwmon/hwmon0/temp1_input", String(milliCelsius))
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        #expect(reading.thermal == expected)
        #expect(reading.thermalSource == "thermal_zone0 cpu-thermal")
        #expect(reading.thermalSummary == summary)
    }

    @Test("hwmon is not consulted while a zone applies")
    func zoneWinsOverHwmon() throws {
        let tree = try ScratchSysfs(copying: "laptop-ac")
        try tree.write("class/hwmon/hwmon2/temp1_input", "99000")
        var probe = PowerProbe(reader: tree.reader)
        #expect(probe.read(at: 0).thermal == .nominal)
    }

    @Test("an unreadable zone temperature counts as absent: the Pi falls back to its hwmon mirror")
    func unreadableZone() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        let how = try tree.makeUnreadable("class/thermal/thermal_zone0/temp")
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        // No max/crit on the mirror: C = 100, M = 90, so 48.7 °C is nominal.
        #expect(reading.thermal == .nominal, "unreadable via \(how)")
        #expect(reading.thermalSource == "hwmon cpu_thermal")
    }

    @Test("every sensor unreadable or garbage reads as no thermal data, never as 0 °C")
    func allSensorsGone() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        try tree.makeUnreadable("class/thermal/thermal_zone0/temp")
        try tree.write("class/hwmon/hwmon0/temp1_input", "")
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        #expect(reading.thermal == nil)
        #expect(reading.hottestCelsius == nil)
        #expect(reading.thermalSummary == "unknown")
    }

    @Test("of several zones, the worst decides and its temperature is the one shown")
    func worstZoneDecides() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        // A hotter zone that is still far from its own limits.
        try tree.write("class/thermal/thermal_zone1/type", "gpu-thermal")
        try tree.write("class/thermal/thermal_zone1/temp", "79000")
        try tree.write("class/thermal/thermal_zone1/trip_point_0_type", "critical")
        try tree.write("class/thermal/thermal_zone1/trip_point_0_temp", "120000")
        try tree.write("class/thermal/thermal_zone0/temp", "72000")
        var probe = PowerProbe(reader: tree.reader)
        let reading = probe.read(at: 0)
        #expect(reading.thermal == .fair)
        #expect(reading.hottestCelsius == 72)
        #expect(reading.thermalSource == "thermal_zone0 cpu-thermal")
    }
}
