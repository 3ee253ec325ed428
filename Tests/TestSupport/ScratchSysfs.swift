import Foundation

/// A writable sysfs tree for tests that change files between readings, or
/// while the program runs (`--sysfs-root`): empty, or a copy of a fixture
/// machine. Every write replaces the file atomically (a temporary file and a
/// rename), so a reader never sees half a value.
public final class ScratchSysfs: Sendable {
    public let root: URL
    /// Whether this tree's directory is ours to remove.
    private let owned: Bool

    /// A fresh tree in a temporary directory of its own — empty, or a copy
    /// of the fixture `machine` — removed when the last reference goes.
    public init(copying machine: String? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)")
        owned = true
        if let machine {
            try FileManager.default.copyItem(at: FixturePaths.machine(machine), to: root)
        } else {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
    }

    /// The tree at `directory/sysfs` (created if missing), left for whoever
    /// owns `directory` to remove: an end-to-end session's folder, so the
    /// setup before launch and the test after it reach the same tree.
    public init(in directory: URL) throws {
        root = directory.appendingPathComponent("sysfs")
        owned = false
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        if owned { try? FileManager.default.removeItem(at: root) }
    }

    public func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// Writes `contents` plus the newline sysfs puts after every value.
    public func write(_ relativePath: String, _ contents: String, newline: Bool = true) throws {
        try writeBytes(relativePath, Array((contents + (newline ? "\n" : "")).utf8))
    }

    public func writeBytes(_ relativePath: String, _ bytes: [UInt8]) throws {
        let file = url(relativePath)
        let directory = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        try Data(bytes).write(to: temporary)
        guard rename(temporary.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }

    public func remove(_ relativePath: String) throws {
        try FileManager.default.removeItem(at: url(relativePath))
    }

    /// Makes a file that exists but cannot be read. `chmod 000` does that for
    /// ordinary users; root reads through it, so there a directory takes the
    /// file's place, which `open`+`read` also refuses. Returns which it did.
    @discardableResult
    public func makeUnreadable(_ relativePath: String) throws -> String {
        let path = url(relativePath).path
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        if FileManager.default.contents(atPath: path) == nil { return "chmod 000" }
        try remove(relativePath)
        try FileManager.default.createDirectory(at: url(relativePath), withIntermediateDirectories: false)
        return "directory in place of the file (running as root)"
    }

    // MARK: Building a machine

    /// A Raspberry-Pi-like `cpu-thermal` zone with a critical trip at 90 °C.
    public func addThermalZone(milliCelsius: Int) throws {
        try write("class/thermal/thermal_zone0/type", "cpu-thermal")
        try write("class/thermal/thermal_zone0/trip_point_0_type", "critical")
        try write("class/thermal/thermal_zone0/trip_point_0_temp", "90000")
        try setTemperature(milliCelsius: milliCelsius)
    }

    public func setTemperature(milliCelsius: Int) throws {
        try write("class/thermal/thermal_zone0/temp", String(milliCelsius))
    }

    /// A laptop battery (no `scope`) and an AC adapter.
    public func addBattery(capacity: Int, status: String = "Discharging", acOnline: Bool = false) throws {
        try write("class/power_supply/BAT0/type", "Battery")
        try write("class/power_supply/BAT0/status", status)
        try write("class/power_supply/BAT0/capacity", String(capacity))
        try write("class/power_supply/AC/type", "Mains")
        try setACOnline(acOnline)
    }

    public func setBatteryCapacity(_ capacity: Int) throws {
        try write("class/power_supply/BAT0/capacity", String(capacity))
    }

    public func setACOnline(_ online: Bool) throws {
        try write("class/power_supply/AC/online", online ? "1" : "0")
    }

    /// A Raspberry Pi's two vc4 HDMI ports: a monitor on the first, in
    /// `dpms` state, nothing on the second (docs/power-probe.md, "Display power").
    public func addHDMIMonitor(dpms: String = "On") throws {
        try write("class/drm/card1-HDMI-A-1/status", "connected")
        try write("class/drm/card1-HDMI-A-2/status", "disconnected")
        try write("class/drm/card1-HDMI-A-2/dpms", "Off")
        try setDPMS(dpms)
    }

    public func setDPMS(_ dpms: String) throws {
        try write("class/drm/card1-HDMI-A-1/dpms", dpms)
    }
}
