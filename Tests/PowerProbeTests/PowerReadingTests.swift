import MarqueeCore
import Testing
@testable import PowerProbe

@Suite("PowerReading summaries")
struct PowerReadingTests {
    @Test("thermal summary", arguments: [
        (PowerReading(thermal: .fair, hottestCelsius: 71.4), "fair 71°C"),
        (PowerReading(thermal: .serious, hottestCelsius: 80.5), "serious 81°C"),
        (PowerReading(thermal: .nominal), "nominal"),
        (PowerReading(), "unknown"),
    ])
    func thermal(reading: PowerReading, expected: String) {
        #expect(reading.thermalSummary == expected)
    }

    @Test("power summary", arguments: [
        (PowerReading(lowPower: false, supply: .ac), "AC"),
        (PowerReading(lowPower: true, supply: .battery(percent: 15), lowBattery: true), "battery 15 %"),
        (PowerReading(lowPower: false, supply: .battery(percent: nil)), "battery"),
        (PowerReading(lowPower: true, supply: .unknown, powerSaver: true), "power-saver"),
        (PowerReading(lowPower: true, supply: .ac, powerSaver: true), "AC, power-saver"),
        (PowerReading(), "unknown"),
    ])
    func power(reading: PowerReading, expected: String) {
        #expect(reading.powerSummary == expected)
    }
}
