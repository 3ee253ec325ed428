import MarqueeCore
import Testing
@testable import PowerProbe

/// power-profiles-daemon's profile and how it joins the sysfs reading
/// (docs/power-probe.md, "Low power").
@Suite("Daemon power profile")
struct DaemonProfileTests {
    @Test("the daemon's names are kept; power-saver is low power")
    func names() throws {
        let saver = try #require(DaemonProfile(activeProfile: "power-saver"))
        #expect(saver.isPowerSaver)
        #expect(saver.source == "power-profiles-daemon power-saver")
        #expect(DaemonProfile(activeProfile: "balanced")?.isPowerSaver == false)
        #expect(DaemonProfile(activeProfile: "performance")?.name == "performance")
        #expect(DaemonProfile(activeProfile: "") == nil, "an empty name says nothing")
    }

    @Test("another name is cut to 32 characters and shown without anything a terminal acts on")
    func hostileName() throws {
        let profile = try #require(DaemonProfile(activeProfile: "\u{1B}]0;owned\u{07}" + String(repeating: "x", count: 100)))
        #expect(!profile.isPowerSaver)
        #expect(!profile.name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(profile.name.hasPrefix("\\e]0;owned\\x07"))
        #expect(profile.name.count < 50)
        #expect(DaemonProfile(activeProfile: "power-saver\u{202E}")?.isPowerSaver == false, "only the exact name counts")
    }

    @Test("low power = low battery or sysfs saver or the daemon's power-saver", arguments: [
        // (sysfs low battery, sysfs saver, sysfs has data, daemon profile, expected low power)
        (false, false, false, nil, nil),
        (false, false, false, "balanced", false),
        (false, false, false, "power-saver", true),
        (false, false, true, "balanced", false),
        (true, false, true, "balanced", true),
        (false, true, true, "balanced", true),
        (false, false, true, "power-saver", true),
        (false, false, true, nil, false),
    ] as [(Bool, Bool, Bool, String?, Bool?)])
    func merging(lowBattery: Bool, saver: Bool, hasData: Bool, profile: String?, expected: Bool?) {
        let sysfs = PowerReading(lowPower: hasData ? (lowBattery || saver) : nil, supply: hasData ? .ac : .unknown,
                                 powerSaver: saver, lowBattery: lowBattery)
        let merged = sysfs.merging(profile.flatMap(DaemonProfile.init))
        #expect(merged.lowPower == expected)
        #expect(merged.daemonProfile?.name == profile)
        if profile == "power-saver" { #expect(merged.powerSummary.hasSuffix("power-saver")) }
    }
}
