import MarqueeCore
import Testing
@testable import PowerProbe

@Suite("ThermalHysteresis")
struct ThermalHysteresisTests {
    /// One reading: its time (s), the state at normal thresholds and at
    /// thresholds 2 °C lower.
    typealias Reading = (t: Double, raw: ThermalState?, lowered: ThermalState?)

    private func run(_ readings: [Reading]) -> [ThermalState?] {
        var hysteresis = ThermalHysteresis()
        return readings.map { hysteresis.update(raw: $0.raw, lowered: $0.lowered, at: $0.t) }
    }

    /// Readings every `interval` seconds from 0, as the probe interval takes them.
    private func every(_ interval: Double, _ states: [(ThermalState?, ThermalState?)]) -> [Reading] {
        states.enumerated().map { (Double($0.offset) * interval, $0.element.0, $0.element.1) }
    }

    @Test("the first reading is taken as it is")
    func first() {
        #expect(run([(0, .fair, .serious)]) == [.fair])
    }

    @Test("a state rises at once, even straight from nominal to critical, however close the readings")
    func risesAtOnce() {
        #expect(run([(0, .nominal, .nominal), (0.001, .fair, .fair), (0.002, .critical, .critical)])
                == [.nominal, .fair, .critical])
        #expect(run([(0, .nominal, .nominal), (2, .critical, .critical)]) == [.nominal, .critical])
    }

    @Test("at the default interval: one lower reading does not fall; the second, 2 s later, does")
    func fallsAfterTwoSeconds() {
        #expect(run(every(2, [(.serious, .serious), (.fair, .fair), (.fair, .fair)])) == [.serious, .serious, .fair])
    }

    @Test("a burst: a reading milliseconds after a lower one is no confirmation; 2 s of readings are")
    func burstIsNotTwoReadings() {
        // The periodic reading at 10 s, then one a power-supply uevent asked
        // for 5 ms later: both cooler, but the machine has been cooler for
        // 5 ms, not 2 s.
        #expect(run([(0, .serious, .serious), (10, .fair, .fair), (10.005, .fair, .fair)])
                == [.serious, .serious, .serious])
        #expect(run([(0, .serious, .serious), (10, .fair, .fair), (10.005, .fair, .fair), (11.999, .fair, .fair),
                     (12, .fair, .fair)])
                == [.serious, .serious, .serious, .serious, .fair])
    }

    // Intervals exact in binary, so the 2 s are exactly some number of them.
    @Test("a short probe interval needs 2 s of readings, not two of them",
          arguments: [0.125, 0.25, 0.5, 1])
    func shortInterval(interval: Double) {
        let readings = every(interval, [(.critical, .critical)] + Array(repeating: (.nominal, .nominal), count: 30))
        let states = run(readings)
        let fell = states.firstIndex(of: .nominal)
        #expect(fell.map { readings[$0].t - readings[1].t } == 2, "\(states)")
    }

    @Test("a long probe interval: the second lower reading is past 2 s and falls")
    func longInterval() {
        #expect(run(every(60, [(.serious, .serious), (.fair, .fair), (.fair, .fair)])) == [.serious, .serious, .fair])
    }

    @Test("it falls to the highest state any reading of the run pointed to")
    func fallsToHighestOfRun() {
        #expect(run(every(2, [(.critical, .critical), (.fair, .fair), (.nominal, .nominal)])) == [.critical, .critical, .fair])
        #expect(run(every(2, [(.critical, .critical), (.nominal, .nominal), (.serious, .serious)]))
                == [.critical, .critical, .serious])
        #expect(run(every(2, [(.critical, .critical), (.nominal, .nominal), (.nominal, .nominal)]))
                == [.critical, .critical, .nominal])
        // A fair reading in the middle of a run of nominal ones holds the fall at fair.
        #expect(run(every(1, [(.critical, .critical), (.nominal, .nominal), (.fair, .fair), (.nominal, .nominal)]))
                == [.critical, .critical, .critical, .fair])
    }

    @Test("a reading that is lower only at normal thresholds (within 2 °C) is not a lower reading")
    func marginHolds() {
        // raw fair but lowered serious: the temperature is within 2 °C of the serious threshold.
        #expect(run(every(2, [(.serious, .serious), (.fair, .serious), (.fair, .serious), (.fair, .serious)]))
                == [.serious, .serious, .serious, .serious])
    }

    @Test("the lower readings must be unbroken: one in between restarts the 2 s")
    func mustBeUnbroken() {
        #expect(run(every(2, [(.serious, .serious), (.fair, .fair), (.fair, .serious), (.fair, .fair), (.fair, .fair)]))
                == [.serious, .serious, .serious, .serious, .fair])
        // 1.5 s apart: the break at 3 s means the run starts again at 4.5 s.
        #expect(run(every(1.5, [(.serious, .serious), (.fair, .fair), (.fair, .serious), (.fair, .fair), (.fair, .fair),
                                (.fair, .fair)]))
                == [.serious, .serious, .serious, .serious, .serious, .fair])
    }

    @Test("a rise between lower readings restarts the 2 s")
    func riseRestarts() {
        #expect(run(every(2, [(.serious, .serious), (.fair, .fair), (.critical, .critical), (.fair, .fair), (.fair, .fair)]))
                == [.serious, .serious, .critical, .critical, .fair])
    }

    @Test("after a fall, the next fall needs 2 s more")
    func fallsStepByStep() {
        #expect(run(every(2, [(.critical, .critical), (.serious, .serious), (.serious, .serious), (.nominal, .nominal),
                              (.nominal, .nominal)]))
                == [.critical, .critical, .serious, .serious, .nominal])
    }

    @Test("no data reports nil and forgets the held state and the run")
    func noData() {
        #expect(run(every(2, [(.serious, .serious), (nil, nil), (.fair, .fair)])) == [.serious, nil, .fair])
        #expect(run([(0, .serious, .serious), (1, .fair, .fair), (2, nil, nil), (3, .serious, .serious),
                     (3.5, .fair, .fair), (4, .fair, .fair)])
                == [.serious, .serious, nil, .serious, .serious, .serious])
    }
}
