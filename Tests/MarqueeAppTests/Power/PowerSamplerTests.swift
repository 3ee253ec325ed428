import MarqueeCore
import PowerProbe
import Testing
import TestSupport
@testable import MarqueeApp

/// The sampler folds power-profiles-daemon's profile into every sysfs
/// reading until it changes (docs/power-probe.md, "Power news").
@Suite("Power sampler")
struct PowerSamplerTests {
    @Test("the daemon's power-saver is low power on AC, and the source says where it came from; nil forgets it")
    func profileFolded() throws {
        let sysfs = try ScratchSysfs()
        try sysfs.addBattery(capacity: 80, status: "Charging", acOnline: true)
        let sampler = PowerSampler.sysfs(root: sysfs.root.path, interval: 2)
        let plain = sampler.read()
        #expect(plain.lowPower == false && plain.source == "AC")

        sampler.setProfile(DaemonProfile(activeProfile: "power-saver"))
        let saver = sampler.read()
        #expect(saver.lowPower == true)
        #expect(saver.source == "AC; power-profiles-daemon power-saver")
        #expect(saver.powerText == "AC, power-saver")

        sampler.setProfile(DaemonProfile(activeProfile: "balanced"))
        #expect(sampler.read().lowPower == false)
        #expect(sampler.read().source == "AC; power-profiles-daemon balanced")

        sampler.setProfile(nil)
        #expect(sampler.read() == plain, "the daemon gone, sysfs alone")
    }

    @Test("on a machine whose sysfs says nothing, the daemon's answer is the power data")
    func daemonAlone() throws {
        let sysfs = try ScratchSysfs()
        let sampler = PowerSampler.sysfs(root: sysfs.root.path, interval: 2)
        #expect(sampler.read().lowPower == nil)
        sampler.setProfile(DaemonProfile(activeProfile: "balanced"))
        #expect(sampler.read().lowPower == false)
        #expect(sampler.read().source == "power-profiles-daemon balanced")
    }
}
