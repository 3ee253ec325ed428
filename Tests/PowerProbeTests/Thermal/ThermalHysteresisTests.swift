import MarqueeCore
import Testing
@testable import PowerProbe

@Suite("ThermalHysteresis")
struct ThermalHysteresisTests {
    /// One reading: the state at normal thresholds and at thresholds 2 °C lower.
    typealias Reading = (raw: ThermalState?, lowered: ThermalState?)

    private func run(_ readings: [Reading]) -> [ThermalState?] {
        var hysteresis = ThermalHysteresis()
        return readings.map { hysteresis.update(raw: $0.raw, lowered: $0.lowered) }
    }

    @Test("the first reading is taken as it is")
    func first() {
        #expect(run([(.fair, .serious)]) == [.fair])
    }

    @Test("a state rises at once, even straight from nominal to critical")
    func risesAtOnce() {
        #expect(run([(.nominal, .nominal), (.fair, .fair), (.critical, .critical)]) == [.nominal, .fair, .critical])
        #expect(run([(.nominal, .nominal), (.critical, .critical)]) == [.nominal, .critical])
    }

    @Test("one lower reading does not fall; the second in a row does")
    func fallsAfterTwo() {
        #expect(run([(.serious, .serious), (.fair, .fair), (.fair, .fair)]) == [.serious, .serious, .fair])
    }

    @Test("it falls to the higher of the two lower readings")
    func fallsToHigherOfTwo() {
        #expect(run([(.critical, .critical), (.fair, .fair), (.nominal, .nominal)]) == [.critical, .critical, .fair])
        #expect(run([(.critical, .critical), (.nominal, .nominal), (.serious, .serious)]) == [.critical, .critical, .serious])
        #expect(run([(.critical, .critical), (.nominal, .nominal), (.nominal, .nominal)]) == [.critical, .critical, .nominal])
    }

    @Test("a reading that is lower only at normal thresholds (within 2 °C) is not a lower reading")
    func marginHolds() {
        // raw fair but lowered serious: the temperature is within 2 °C of the serious threshold.
        #expect(run([(.serious, .serious), (.fair, .serious), (.fair, .serious), (.fair, .serious)])
                == [.serious, .serious, .serious, .serious])
    }

    @Test("two lower readings must be in a row: one in between restarts the count")
    func mustBeInARow() {
        #expect(run([(.serious, .serious), (.fair, .fair), (.fair, .serious), (.fair, .fair), (.fair, .fair)])
                == [.serious, .serious, .serious, .serious, .fair])
    }

    @Test("a rise between lower readings restarts the count")
    func riseRestarts() {
        #expect(run([(.serious, .serious), (.fair, .fair), (.critical, .critical), (.fair, .fair), (.fair, .fair)])
                == [.serious, .serious, .critical, .critical, .fair])
    }

    @Test("after a fall, the next fall needs two more readings")
    func fallsStepByStep() {
        #expect(run([(.critical, .critical), (.serious, .serious), (.serious, .serious), (.nominal, .nominal), (.nominal, .nominal)])
                == [.critical, .critical, .serious, .serious, .nominal])
    }

    @Test("no data reports nil and forgets the held state")
    func noData() {
        #expect(run([(.serious, .serious), (nil, nil), (.fair, .fair)]) == [.serious, nil, .fair])
    }
}
