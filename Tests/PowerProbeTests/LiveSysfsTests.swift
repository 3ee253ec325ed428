import Foundation
import MarqueeCore
import Testing
@testable import PowerProbe

/// The live bar: the probe over this machine's real `/sys`, whatever it is
/// (a laptop, a CI container with no sensors, a Raspberry Pi). It must not
/// crash, hang or report nonsense; what it finds is printed, not compared.
@Suite("Live /sys")
struct LiveSysfsTests {
    static let sys = SysfsReader(root: "/sys")

    @Test("a reading of the real /sys is sane, quick and repeatable")
    func reading() {
        var probe = PowerProbe(reader: Self.sys)
        let clock = ContinuousClock()
        let started = clock.now
        let first = probe.read(at: 0)
        let second = probe.read(at: 2)
        #expect(clock.now - started < .seconds(2), "two readings of /sys took \(clock.now - started)")
        for reading in [first, second] {
            if let celsius = reading.hottestCelsius { #expect((-50...200).contains(celsius)) }
            #expect((reading.thermal == nil) == (reading.hottestCelsius == nil))
            if let percent = reading.batteryPercent { #expect((0...100).contains(percent)) }
            if let lowPower = reading.lowPower { #expect(lowPower == (reading.powerSaver || reading.lowBattery)) }
        }
        print("live /sys: \(first.summary); display \(first.display.map { "\($0.power) (\($0.source))" } ?? "unknown")")
    }

    @Test("the display readers over the real /sys name only real connectors, backlights and values")
    func display() {
        let outputs = DisplayScanner.scan(Self.sys)
        let drm = Set(Self.sys.entries("class/drm"))
        let backlights = Set(Self.sys.entries("class/backlight"))
        for connector in outputs.connectors {
            #expect(drm.contains(connector.name) && DisplayScanner.isConnector(connector.name))
            if let status = connector.status { #expect(["connected", "disconnected", "unknown"].contains(status), "\(connector)") }
            if let dpms = connector.dpms { #expect(["On", "Standby", "Suspend", "Off"].contains(dpms), "\(connector)") }
        }
        for backlight in outputs.backlights {
            #expect(backlights.contains(backlight.name))
            if let power = backlight.power { #expect((0...4).contains(power)) }
        }
        if let blank = outputs.consoleBlank { #expect((0...4).contains(blank)) }
        if let verdict = outputs.verdict() {
            let named = verdict.source.split(separator: " ").first.map(String.init) ?? ""
            #expect(drm.contains(named) || backlights.contains(named) || named == "fb0", "\(verdict)")
        }
        print("live /sys display: \(outputs.connectors.count) connectors, \(outputs.backlights.count) backlights, fb0 blank \(outputs.consoleBlank.map(String.init) ?? "absent")")
    }
}
