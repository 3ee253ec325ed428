import MarqueeCore
import Testing
@testable import PowerProbe
import TestSupport

/// Every fixture machine, read once by a fresh probe, against the reading a
/// person looking at that machine would expect.
@Suite("Fixture machines")
struct MachineFixtureTests {
    static let expectations: [(String, PowerReading)] = [
        // BAT0 at 15 % discharging; the mouse at 5 % and the LCD cooling device are ignored.
        ("laptop-battery-15", PowerReading(thermal: .nominal, hottestCelsius: 46, thermalSource: "thermal_zone0 acpitz",
                                           lowPower: true, supply: .battery(percent: 15), powerSaver: false, lowBattery: true,
                                           batteryPercent: 15)),
        // Charging: on mains, and the battery still tells its charge.
        ("laptop-ac", PowerReading(thermal: .nominal, hottestCelsius: 46, thermalSource: "thermal_zone0 acpitz",
                                   lowPower: false, supply: .ac, powerSaver: false, lowBattery: false, batteryPercent: 15)),
        ("laptop-two-batteries-40", PowerReading(thermal: .nominal, hottestCelsius: 41, thermalSource: "thermal_zone0 acpitz",
                                                 lowPower: false, supply: .battery(percent: 40), powerSaver: false, lowBattery: false,
                                                 batteryPercent: 40)),
        ("desktop-coretemp", PowerReading(thermal: .nominal, hottestCelsius: 42, thermalSource: "hwmon coretemp")),
        ("vm-empty-class", .unknown),
        ("container-no-class", .unknown),
        // The sensor's 48.7 °C is reported in whole degrees (docs/power-probe.md, "The temperature reported").
        ("raspberry-pi", PowerReading(thermal: .nominal, hottestCelsius: 49, thermalSource: "thermal_zone0 cpu-thermal")),
        // The same Pi with its display files: a monitor on HDMI-A-1, nothing on HDMI-A-2, fb0's blank empty.
        ("raspberry-pi-hdmi", PowerReading(thermal: .nominal, hottestCelsius: 49, thermalSource: "thermal_zone0 cpu-thermal",
                                           display: DisplayVerdict(power: .on, source: "card1-HDMI-A-1 dpms On"))),
        ("raspberry-pi-dsi", PowerReading(thermal: .nominal, hottestCelsius: 52, thermalSource: "thermal_zone0 cpu-thermal",
                                          display: DisplayVerdict(power: .on, source: "card0-DSI-1 dpms On"))),
        ("laptop-edp", PowerReading(lowPower: false, supply: .ac,
                                    display: DisplayVerdict(power: .on, source: "card0-eDP-1 dpms On"))),
        ("fbdev-only", PowerReading(display: DisplayVerdict(power: .on, source: "fb0 blank 0"))),
        ("platform-profile-low-power", PowerReading(thermal: .nominal, hottestCelsius: 40, thermalSource: "thermal_zone0 acpitz",
                                                    lowPower: true, supply: .ac, powerSaver: true, lowBattery: false,
                                                    batteryPercent: 100)),
        // The zone's trips are all 0 °C, so it does not apply (it would read serious); coretemp at 75 °C is fair.
        ("intel-pkg-temp-zero-trips", PowerReading(thermal: .fair, hottestCelsius: 75, thermalSource: "hwmon coretemp")),
        // Every zone is garbage (non-numeric, empty, -274000 trip, 300 °C, unknown trip type), so hwmon
        // speaks; of its sensors only temp3 (55 °C) is sane. BAT0's energy files are garbage, capacity 50 % is used.
        ("garbage", PowerReading(thermal: .nominal, hottestCelsius: 55, thermalSource: "hwmon it8728",
                                 lowPower: false, supply: .battery(percent: 50), powerSaver: false, lowBattery: false,
                                 batteryPercent: 50)),
    ]

    @Test("reads as expected", arguments: expectations)
    func reading(machine: String, expected: PowerReading) {
        #expect(Fixtures.reading(machine) == expected)
    }

    @Test("no data at all shows as unknown", arguments: ["vm-empty-class", "container-no-class"])
    func unknownSummary(machine: String) {
        let reading = Fixtures.reading(machine)
        #expect(reading.thermalSummary == "unknown")
        #expect(reading.powerSummary == "unknown")
    }

    @Test("the whole laptop reading shows on a status line")
    func laptopSummary() {
        #expect(Fixtures.reading("laptop-battery-15").summary == "thermal nominal 46°C · power battery 15 %")
    }

    @Test("a root that does not exist reads as no data")
    func missingRoot() {
        var probe = PowerProbe(reader: SysfsReader(root: FixturePaths.machine("no-such-machine").path))
        #expect(probe.read(at: 0) == .unknown)
    }
}
