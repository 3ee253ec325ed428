import MarqueeCore
import Testing
@testable import PowerProbe
import TestSupport

/// One probe reading a machine again and again while its files change, as
/// the player does every probe interval: hysteresis and the low-battery
/// latch carry across readings.
@Suite("PowerProbe across readings")
struct PowerProbeSequenceTests {
    /// Reads the Pi (critical trip 90 °C: fair 70, serious 80, critical 85)
    /// at each temperature in turn, one reading every `interval` seconds
    /// (2: the default probe interval).
    private func piStates(_ celsius: [Double], every interval: Double = 2) throws -> [ThermalState?] {
        try piStates(celsius.enumerated().map { (Double($0.offset) * interval, $0.element) })
    }

    /// The same with each reading's time (s) given.
    private func piStates(_ readings: [(t: Double, celsius: Double)]) throws -> [ThermalState?] {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        var probe = PowerProbe(reader: tree.reader)
        return try readings.map { reading in
            try tree.write("class/thermal/thermal_zone0/temp", String(Int(reading.celsius * 1000)))
            return probe.read(at: reading.t).thermal
        }
    }

    @Test("the state rises at once")
    func risesAtOnce() throws {
        #expect(try piStates([48.7, 86]) == [.nominal, .critical])
        #expect(try piStates([48.7, 86], every: 0.005) == [.nominal, .critical])
    }

    @Test("one cooler reading does not lower the state; cooler for 2 s does")
    func fallsAfterTwoSeconds() throws {
        #expect(try piStates([81, 75, 75]) == [.serious, .serious, .fair])
    }

    @Test("a reading a power-supply uevent asks for 5 ms after a cooler one does not lower the state")
    func burstDoesNotFall() throws {
        // The periodic readings at 0, 2 and 4 s; the uevent's at 2.005 s:
        // 5 ms of cooling, not 2 s.
        #expect(try piStates([(0, 81), (2, 75), (2.005, 75), (4, 75)]) == [.serious, .serious, .serious, .fair])
    }

    @Test("at a 0.25 s probe interval the state still holds for 2 s of cooler readings")
    func shortIntervalHolds() throws {
        let states = try piStates([81] + Array(repeating: 75, count: 12), every: 0.25)
        #expect(states == [.serious] + Array(repeating: .serious, count: 8) + Array(repeating: .fair, count: 4))
    }

    @Test("within 2 °C under a threshold is not cooler")
    func twoDegreeMargin() throws {
        // 78.5 °C is below serious (80) but not below 80-2.
        #expect(try piStates([81, 78.5, 78.5, 78.5, 77.9, 77.9]) == [.serious, .serious, .serious, .serious, .serious, .fair])
    }

    @Test("it falls to the higher of the two cooler readings")
    func fallsToHigherOfTwo() throws {
        #expect(try piStates([86, 72, 50]) == [.critical, .critical, .fair])
    }

    @Test("the temperature shown is the current one even while the state is held")
    func temperatureIsCurrent() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        var probe = PowerProbe(reader: tree.reader)
        try tree.write("class/thermal/thermal_zone0/temp", "81000")
        _ = probe.read(at: 0)
        try tree.write("class/thermal/thermal_zone0/temp", "75000")
        #expect(probe.read(at: 2).thermalSummary == "serious 75°C")
    }

    /// Reads the laptop on battery at each charge in turn (`nil` = plugged in).
    private func laptopLowPower(_ percents: [Int?]) throws -> [Bool?] {
        let tree = try ScratchSysfs(copying: "laptop-battery-15")
        var probe = PowerProbe(reader: tree.reader)
        return try percents.map { percent in
            try tree.write("class/power_supply/AC/online", percent == nil ? "1" : "0")
            try tree.write("class/power_supply/BAT0/status", percent == nil ? "Charging" : "Discharging")
            if let percent {
                try tree.write("class/power_supply/BAT0/energy_now", String(50_720_000 * percent / 100))
            }
            return probe.read(at: 0).lowPower
        }
    }

    @Test("low battery: 21 % after being on stays on; 25 % ends it")
    func lowBatteryLeavesAt25() throws {
        #expect(try laptopLowPower([15, 21, 24, 25, 21, 20]) == [true, true, true, false, false, true])
    }

    @Test("low battery: 21 % from a fresh start is off")
    func lowBatteryFresh() throws {
        #expect(try laptopLowPower([21]) == [false])
    }

    @Test("low battery: plugging in ends it at once, whatever the charge")
    func lowBatteryACEnds() throws {
        #expect(try laptopLowPower([15, nil, 21, 15]) == [true, false, false, true])
    }
}
