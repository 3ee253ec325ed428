import Foundation
import MarqueeCore
import Testing
@testable import PowerProbe
import TestSupport

/// A probe whose files become unreadable keeps its last reading and says
/// why (docs/power-probe.md, "When the files cannot be read"): out of
/// descriptors at `ulimit -n 64`, a hot Pi read "unknown" and would have
/// sped up.
@Suite("PowerProbe when files become unreadable")
struct PowerProbeUnreadableTests {
    /// Puts a symbolic link to itself in place of `relativePath`: `open` and
    /// `opendir` then fail with ELOOP for every user, root included (a
    /// `chmod 000` stops only others).
    static func makeLinkLoop(_ tree: ScratchSysfs, _ relativePath: String) throws {
        try FileManager.default.removeItem(at: tree.url(relativePath))
        let path = tree.url(relativePath).path
        guard symlink(path, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    static let loop = String(cString: strerror(ELOOP))

    @Test("a hot Pi's temperature file becomes unreadable: the serious reading is kept, saying why; readable again, it reads afresh")
    func temperatureFileUnreadable() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        var probe = PowerProbe(reader: tree.reader)
        try tree.write("class/thermal/thermal_zone0/temp", "82000")
        let hot = probe.read(at: 0)
        #expect(hot.thermal == .serious && hot.unreadable == nil)

        try Self.makeLinkLoop(tree, "class/thermal/thermal_zone0/temp")
        for _ in 0..<3 {
            let kept = probe.read(at: 0)
            #expect(kept.thermal == .serious && kept.hottestCelsius == 82, "kept, not the hwmon mirror's or unknown")
            #expect(kept.unreadable == "class/thermal/thermal_zone0/temp: \(Self.loop)")
        }

        try tree.remove("class/thermal/thermal_zone0/temp")
        try tree.write("class/thermal/thermal_zone0/temp", "86000")
        let again = probe.read(at: 0)
        #expect(again.thermal == .critical && again.hottestCelsius == 86 && again.unreadable == nil)
    }

    @Test("the whole thermal class becomes unreadable (as when descriptors run out): the last reading is kept")
    func directoryUnreadable() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        var probe = PowerProbe(reader: tree.reader)
        try tree.write("class/thermal/thermal_zone0/temp", "75000")
        #expect(probe.read(at: 0).thermal == .fair)
        try Self.makeLinkLoop(tree, "class/thermal")
        let kept = probe.read(at: 0)
        #expect(kept.thermal == .fair && kept.unreadable == "class/thermal: \(Self.loop)")
    }

    @Test("a sensor that is gone (its file removed) is not kept: the reading says what is left")
    func removedIsNotKept() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        var probe = PowerProbe(reader: tree.reader)
        try tree.write("class/thermal/thermal_zone0/temp", "82000")
        #expect(probe.read(at: 0).thermal == .serious)
        try tree.remove("class/thermal/thermal_zone0/temp")
        let reading = probe.read(at: 0)
        #expect(reading.unreadable == nil)
        #expect(reading.thermalSource == "hwmon cpu_thermal", "the hwmon mirror speaks now")
    }

    @Test("a file unreadable from the first reading on is not a reason to keep anything")
    func unreadableFromTheStart() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi")
        try Self.makeLinkLoop(tree, "class/thermal/thermal_zone0/temp")
        var probe = PowerProbe(reader: tree.reader)
        let first = probe.read(at: 0)
        try tree.write("class/hwmon/hwmon0/temp1_input", "60000")
        let second = probe.read(at: 0)
        #expect(first.unreadable == nil && second.unreadable == nil)
        #expect(second.hottestCelsius == 60, "each reading is fresh")
    }
}
