import Testing
@testable import PowerProbe

@Suite("LowBatteryLatch")
struct LowBatteryLatchTests {
    static func onBattery(_ percent: Double?) -> PowerSupplies {
        PowerSupplies(batteries: [.init(status: "Discharging", capacity: percent)], externalPowerOnline: false, hasExternalSupply: true)
    }

    static func onAC(_ percent: Double) -> PowerSupplies {
        PowerSupplies(batteries: [.init(status: "Charging", capacity: percent)], externalPowerOnline: true, hasExternalSupply: true)
    }

    private func run(_ readings: [PowerSupplies]) -> [Bool] {
        var latch = LowBatteryLatch()
        return readings.map { latch.update($0) }
    }

    @Test("on battery at or below 20 % turns it on; above does not")
    func enters() {
        #expect(run([Self.onBattery(21), Self.onBattery(20)]) == [false, true])
        #expect(run([Self.onBattery(15)]) == [true])
    }

    @Test("once on, 21–24 % keeps it on; 25 % ends it")
    func leavesAt25() {
        #expect(run([Self.onBattery(15), Self.onBattery(21), Self.onBattery(24), Self.onBattery(25), Self.onBattery(24)])
                == [true, true, true, false, false])
    }

    @Test("external power ends it at any charge, and it does not start on AC")
    func acEnds() {
        #expect(run([Self.onBattery(15), Self.onAC(15), Self.onBattery(21)]) == [true, false, false])
        #expect(run([Self.onAC(5)]) == [false])
    }

    @Test("a reading without a usable charge changes nothing")
    func unreadableCharge() {
        #expect(run([Self.onBattery(15), Self.onBattery(nil), Self.onBattery(22)]) == [true, true, true])
        #expect(run([Self.onBattery(nil)]) == [false])
    }

    @Test("a battery that disappears ends it")
    func batteryGone() {
        #expect(run([Self.onBattery(15), PowerSupplies()]) == [true, false])
    }
}
