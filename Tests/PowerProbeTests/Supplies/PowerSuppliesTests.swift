import Testing
@testable import PowerProbe

@Suite("PowerSupplies")
struct PowerSuppliesTests {
    typealias Battery = PowerSupplies.Battery

    static func discharging(energy: (Double, Double)? = nil, charge: (Double, Double)? = nil, capacity: Double? = nil) -> Battery {
        Battery(status: "Discharging", energyNow: energy?.0, energyFull: energy?.1,
                chargeNow: charge?.0, chargeFull: charge?.1, capacity: capacity)
    }

    @Test("combined charge: pooled energy, else pooled charge, else the mean of each battery",
          arguments: [
              ([discharging(energy: (7_608_000, 50_720_000), capacity: 99)], 15 as Int?),
              // Internal 23 Wh at 10 % and external 71 Wh at 50 %: pooled 40 %, not the 30 % mean.
              ([discharging(energy: (2_348_000, 23_480_000), capacity: 10), discharging(energy: (35_640_000, 71_280_000), capacity: 50)], 40),
              ([discharging(charge: (1_000_000, 4_000_000)), discharging(charge: (3_000_000, 4_000_000))], 50),
              // One reports energy, the other only charge: units differ, so each battery's own fraction is averaged.
              ([discharging(energy: (1, 10)), discharging(charge: (3, 10))], 20),
              ([discharging(capacity: 15), discharging(capacity: 40)], 28),
              ([discharging(energy: (0, 0), capacity: 12)], 12),                    // energy_full 0 is unusable
              ([discharging(energy: (52, 50))], 100),                               // clamped
              ([discharging()], nil),
              ([], nil),
          ])
    func percent(batteries: [Battery], expected: Int?) {
        #expect(PowerSupplies(batteries: batteries).percent == expected)
    }

    @Test("the power source",
          arguments: [
              (PowerSupplies(batteries: [discharging(capacity: 15)], externalPowerOnline: false, hasExternalSupply: true), MainsOrBattery.battery(percent: 15)),
              (PowerSupplies(batteries: [discharging(capacity: 15)], externalPowerOnline: true, hasExternalSupply: true), .ac),  // weak charger
              (PowerSupplies(batteries: [Battery(status: "Charging", capacity: 15)]), .ac),   // no mains entry published
              (PowerSupplies(batteries: [Battery(status: "Not charging", capacity: 80)]), .ac),  // charge threshold
              (PowerSupplies(batteries: [Battery(status: "Full", capacity: 100)]), .ac),
              (PowerSupplies(batteries: [Battery(status: "Unknown", capacity: 70)]), .unknown),
              (PowerSupplies(batteries: [discharging()]), .battery(percent: nil)),
              // A ThinkPad drains one battery at a time; the idle one does not make it "AC".
              (PowerSupplies(batteries: [Battery(status: "Not charging", capacity: 90), discharging(capacity: 30)]), .battery(percent: 60)),
              (PowerSupplies(batteries: [], externalPowerOnline: true, hasExternalSupply: true), .ac),
              (PowerSupplies(), .unknown),
          ])
    func source(supplies: PowerSupplies, expected: MainsOrBattery) {
        #expect(supplies.mainsOrBattery == expected)
    }
}
