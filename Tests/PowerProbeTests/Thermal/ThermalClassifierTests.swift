import MarqueeCore
import Testing
@testable import PowerProbe

@Suite("ThermalClassifier")
struct ThermalClassifierTests {
    static let piTrips = [TripPoint(.critical, celsius: 90)]
    static let laptopTrips = [TripPoint(.critical, celsius: 105), TripPoint(.hot, celsius: 95),
                              TripPoint(.passive, celsius: 85), TripPoint(.active, celsius: 60),
                              TripPoint(.active, celsius: 50)]

    @Test("a critical trip alone: fair at C-20, serious at C-10, critical at C-5",
          arguments: [(48.7, ThermalState.nominal), (69.9, .nominal), (70, .fair), (72, .fair),
                      (79.9, .fair), (80, .serious), (81, .serious), (85, .critical), (86, .critical), (200, .critical)])
    func criticalTripOnly(celsius: Double, expected: ThermalState) {
        #expect(ThermalClassifier.zoneState(celsius: celsius, trips: Self.piTrips) == expected)
    }

    @Test("the lowest hot/passive/active trip comes before C-5/C-10/C-20",
          arguments: [(49, ThermalState.nominal), (50, .fair), (84, .fair), (85, .serious), (94, .serious), (95, .critical)])
    func namedTrips(celsius: Double, expected: ThermalState) {
        #expect(ThermalClassifier.zoneState(celsius: celsius, trips: Self.laptopTrips) == expected)
    }

    @Test("a zone without a critical trip uses only the trips it has",
          arguments: [
              ([TripPoint(.passive, celsius: 90)], 89.0, ThermalState.nominal),
              ([TripPoint(.passive, celsius: 90)], 95, .serious),
              ([TripPoint(.active, celsius: 50), TripPoint(.active, celsius: 67.5)], 199, .fair),
              ([TripPoint(.hot, celsius: 99)], 99, .critical),
          ])
    func partialTrips(trips: [TripPoint], celsius: Double, expected: ThermalState) {
        #expect(ThermalClassifier.zoneState(celsius: celsius, trips: trips) == expected)
    }

    @Test("trips at or below 0 °C, at -274 °C or above 200 °C are not trips; a zone left without any does not apply",
          arguments: [
              [TripPoint(.passive, celsius: 0), TripPoint(.passive, celsius: 0)],   // x86_pkg_temp
              [TripPoint(.critical, celsius: -274)],
              [TripPoint(.critical, celsius: -5)],
              [TripPoint(.critical, celsius: 255)],
              [],
          ])
    func unusableTrips(trips: [TripPoint]) {
        #expect(ThermalClassifier.zoneState(celsius: 75, trips: trips) == nil)
    }

    @Test("garbage trips next to a good one are ignored, not taken as 0")
    func garbageBesideGoodTrip() {
        let trips = [TripPoint(.passive, celsius: 0), TripPoint(.critical, celsius: -274), TripPoint(.critical, celsius: 90)]
        #expect(ThermalClassifier.zoneState(celsius: 75, trips: trips) == .fair)
    }

    @Test("implausible temperatures are not classified", arguments: [-50.1, 200.1, 300, -128, -274])
    func implausibleTemperature(celsius: Double) {
        #expect(ThermalClassifier.zoneState(celsius: celsius, trips: Self.piTrips) == nil)
        #expect(ThermalClassifier.hwmonState(celsius: celsius, maxCelsius: 80, critCelsius: 100) == nil)
    }

    @Test("hwmon coretemp (max 80, crit 100): fair at 70, serious at 80, critical at 90",
          arguments: [(42.0, ThermalState.nominal), (69.9, .nominal), (70, .fair), (79, .fair), (80, .serious),
                      (85, .serious), (89.9, .serious), (90, .critical), (92, .critical)])
    func hwmonCoretemp(celsius: Double, expected: ThermalState) {
        #expect(ThermalClassifier.hwmonState(celsius: celsius, maxCelsius: 80, critCelsius: 100) == expected)
    }

    @Test("hwmon limits: no crit means 100 °C, no max means crit-10, a max above crit-10 is pulled down",
          arguments: [
              // (max, crit, celsius, expected)
              (nil as Double?, nil as Double?, 79.9, ThermalState.nominal), (nil, nil, 80, .fair), (nil, nil, 90, .serious), (nil, nil, 95, .critical),
              (nil, 85, 74.9, .fair), (nil, 85, 75, .serious), (nil, 85, 80, .critical),   // no max: M = C-10
              (82, 85, 65, .fair), (82, 85, 75, .serious),                               // max pulled to C-10
              (100, 100, 90, .serious), (100, 100, 95, .critical),                      // coretemp max == crit
              (0, -274, 80, .fair), (65261.85, nil, 90, .serious),                      // unusable limits ignored
          ])
    func hwmonLimits(max: Double?, crit: Double?, celsius: Double, expected: ThermalState) {
        #expect(ThermalClassifier.hwmonState(celsius: celsius, maxCelsius: max, critCelsius: crit) == expected)
    }

    @Test("a margin lowers every threshold by that many °C",
          arguments: [(67.9, ThermalState.nominal), (68, .fair), (78, .serious), (83, .critical)])
    func margin(celsius: Double, expected: ThermalState) {
        #expect(ThermalClassifier.zoneState(celsius: celsius, trips: Self.piTrips, margin: 2) == expected)
        #expect(ThermalClassifier.hwmonState(celsius: celsius, maxCelsius: 80, critCelsius: 90, margin: 2) == expected)
    }
}
