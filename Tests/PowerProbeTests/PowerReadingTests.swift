import MarqueeCore
import Testing
import PowerProbe

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
        (PowerReading(lowPower: false, powerSource: .ac), "AC"),
        (PowerReading(lowPower: true, powerSource: .battery(percent: 15), lowBattery: true), "battery 15 %"),
        (PowerReading(lowPower: false, powerSource: .battery(percent: nil)), "battery"),
        (PowerReading(lowPower: true, powerSource: .unknown, powerSaver: true), "power-saver"),
        (PowerReading(lowPower: true, powerSource: .ac, powerSaver: true), "AC, power-saver"),
        (PowerReading(), "unknown"),
    ])
    func power(reading: PowerReading, expected: String) {
        #expect(reading.powerSummary == expected)
    }
}
