@testable import MarqueeCore
import PowerProbe
import Testing
import TestSupport
@testable import MarqueeApp

/// The sampler folds power-profiles-daemon's profile into every sysfs
/// reading until it changes (docs/power-probe.md, "Power news"), and hands
/// the probe each reading's time.
@Suite("Power sampler")
struct PowerSamplerTests {
    @Test("the daemon's power-saver is low power on AC, and the source says where it came from; nil forgets it")
    func profileFolded() throws {
        let sysfs = try ScratchSysfs()
        try sysfs.addBattery(capacity: 80, status: "Charging", acOnline: true)
        let sampler = PowerSampler.sysfs(root: sysfs.root.path, interval: 2)
        let plain = sampler.read(0)
        #expect(plain.lowPower == false && plain.source == "AC")

        sampler.setProfile(DaemonProfile(activeProfile: "power-saver"))
        let saver = sampler.read(0)
        #expect(saver.lowPower == true)
        #expect(saver.source == "AC; power-profiles-daemon power-saver")
        #expect(saver.powerText == "AC, power-saver")

        sampler.setProfile(DaemonProfile(activeProfile: "balanced"))
        #expect(sampler.read(0).lowPower == false)
        #expect(sampler.read(0).source == "AC; power-profiles-daemon balanced")

        sampler.setProfile(nil)
        #expect(sampler.read(0) == plain, "the daemon gone, sysfs alone")
    }

    @Test("on a machine whose sysfs says nothing, the daemon's answer is the power data")
    func daemonAlone() throws {
        let sysfs = try ScratchSysfs()
        let sampler = PowerSampler.sysfs(root: sysfs.root.path, interval: 2)
        #expect(sampler.read(0).lowPower == nil)
        sampler.setProfile(DaemonProfile(activeProfile: "balanced"))
        #expect(sampler.read(0).lowPower == false)
        #expect(sampler.read(0).source == "power-profiles-daemon balanced")
    }

    @Test("the reading's time reaches the hysteresis: a reading 5 ms after a cooler one keeps the state")
    func readingTime() throws {
        let sysfs = try ScratchSysfs()
        try sysfs.addThermalZone(milliCelsius: 81_000)
        let sampler = PowerSampler.sysfs(root: sysfs.root.path, interval: 2)
        #expect(sampler.read(0).thermal == .serious)
        try sysfs.setTemperature(milliCelsius: 75_000)
        #expect(sampler.read(2).thermal == .serious)
        #expect(sampler.read(2.005).thermal == .serious, "a burst is no confirmation")
        #expect(sampler.read(4).thermal == .fair)
    }

    @Test("a sensor jittering by a millidegree makes no power or policy record; a move of 2 °C makes a power record")
    func jitterIsNoRecord() throws {
        let sysfs = try ScratchSysfs()
        try sysfs.addThermalZone(milliCelsius: 45_000)
        let sampler = PowerSampler.sysfs(root: sysfs.root.path, interval: 2)
        var state = PlayerState(cues: [Cue(text: "SIGN", seconds: 5)], settings: PlayerSettings(), seed: 1, at: 0)
        _ = state.reduce(.power(sampler.read(0)), at: 0)
        _ = state.reduce(.start, at: 0)
        func records(_ milliCelsius: Int, at t: Double) throws -> [EventRecord] {
            try sysfs.setTemperature(milliCelsius: milliCelsius)
            return state.reduce(.power(sampler.read(t)), at: t).compactMap { effect in
                if case .log(let record) = effect { record } else { nil }
            }
        }
        for (index, milli) in [45_001, 45_000, 45_001, 44_999, 45_000].enumerated() {
            #expect(try records(milli, at: Double(index + 1) * 2) == [], "\(milli) m°C")
        }
        #expect(try records(47_000, at: 12) == [.power(thermal: "nominal", lowPower: nil, source: "thermal_zone0 cpu-thermal",
                                                       display: "unknown")])
        #expect(state.power.thermalText == "nominal 47°C")
    }
}
