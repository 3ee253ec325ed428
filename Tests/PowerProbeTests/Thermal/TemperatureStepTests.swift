import MarqueeCore
import Testing
@testable import PowerProbe
import TestSupport

/// The temperature a reading reports (docs/power-probe.md, "The temperature
/// reported"): whole degrees, moved only by a whole degree, so a sensor's
/// jitter is not a new reading.
@Suite("The temperature reported")
struct TemperatureStepTests {
    private func reported(_ celsius: [Double?], state: ThermalState = .nominal) -> [Double?] {
        var step = TemperatureStep()
        return celsius.map { step.update(celsius: $0, state: state, source: "thermal_zone0 cpu-thermal") }
    }

    @Test("whole degrees; it moves only when the sensor is a degree or more from the one reported")
    func deadBand() {
        #expect(reported([45.000, 45.001, 45.0, 45.4, 45.6, 45.999, 46.0, 45.2, 44.6, 43.9])
                == [45, 45, 45, 45, 45, 45, 46, 46, 45, 44])
    }

    @Test("a Raspberry Pi's sensor alternating between two codes 0.487 °C apart is one temperature")
    func piCodes() {
        // Rounding alone would report 47, 48, 47, 48 …
        let codes = (0..<8).map { $0 % 2 == 0 ? 47.238 : 47.725 }
        #expect(reported(codes) == Array(repeating: 47, count: 8))
    }

    @Test("a new state or a new sensor takes the temperature afresh")
    func stateOrSourceChange() {
        var step = TemperatureStep()
        #expect(step.update(celsius: 69.4, state: .nominal, source: "a") == 69)
        #expect(step.update(celsius: 70.0, state: .fair, source: "a") == 70, "not 'fair 69°C' at a 70 °C threshold")
        #expect(step.update(celsius: 70.6, state: .fair, source: "b") == 71)
        #expect(step.update(celsius: 70.4, state: .fair, source: "b") == 71)
    }

    @Test("no sensor forgets the temperature reported")
    func noSensor() {
        #expect(reported([45.4, nil, 45.6]) == [45, nil, 46])
    }

    @Test("a fake Pi reading 45.000, 45.001, 45.000 … °C gives one reading; 47 °C is a new one")
    func millidegreeJitterIsNoChange() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        var probe = PowerProbe(reader: tree.reader)
        var readings: [PowerReading] = []
        for (index, milli) in [45_000, 45_001, 45_000, 45_001, 45_000, 44_999, 45_000].enumerated() {
            try tree.write("class/thermal/thermal_zone0/temp", String(milli))
            readings.append(probe.read(at: Double(index) * 2))
        }
        #expect(Set(readings).count == 1, "\(readings.map(\.hottestCelsius))")
        #expect(readings.first?.thermalSummary == "nominal 45°C")
        try tree.write("class/thermal/thermal_zone0/temp", "47000")
        let moved = probe.read(at: 20)
        #expect(moved != readings.last)
        #expect(moved.thermalSummary == "nominal 47°C")
    }
}
