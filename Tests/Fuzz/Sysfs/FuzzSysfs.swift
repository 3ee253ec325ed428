import Glibc
import MarqueeCore
import PowerProbe

/// `PowerProbe` over a sysfs tree built from the input: the bytes, split at
/// NUL, are the contents of the attribute files below, in order (an empty
/// piece: no file; a piece starting 0xFF: a directory in the file's place;
/// 0xFE: a FIFO). The tree lives in one scratch directory under $TMPDIR and
/// is removed after every input; the directory itself at exit.

/// The attributes the probe reads (docs/power-probe.md), two of each kind
/// where a second one changes the verdict (the worst zone, pooled batteries).
let attributes = [
    "class/thermal/thermal_zone0/temp", "class/thermal/thermal_zone0/type",
    "class/thermal/thermal_zone0/trip_point_0_type", "class/thermal/thermal_zone0/trip_point_0_temp",
    "class/thermal/thermal_zone0/trip_point_1_type", "class/thermal/thermal_zone0/trip_point_1_temp",
    "class/thermal/thermal_zone1/temp", "class/thermal/thermal_zone1/trip_point_0_type",
    "class/thermal/thermal_zone1/trip_point_0_temp",
    "class/hwmon/hwmon0/name", "class/hwmon/hwmon0/temp1_input", "class/hwmon/hwmon0/temp1_max",
    "class/hwmon/hwmon0/temp1_crit", "class/hwmon/hwmon0/temp2_input", "class/hwmon/hwmon0/temp2_crit",
    "class/power_supply/BAT0/type", "class/power_supply/BAT0/present", "class/power_supply/BAT0/status",
    "class/power_supply/BAT0/energy_now", "class/power_supply/BAT0/energy_full",
    "class/power_supply/BAT0/capacity", "class/power_supply/BAT0/scope",
    "class/power_supply/BAT1/type", "class/power_supply/BAT1/status", "class/power_supply/BAT1/charge_now",
    "class/power_supply/BAT1/charge_full", "class/power_supply/BAT1/capacity",
    "class/power_supply/AC/type", "class/power_supply/AC/online",
    "firmware/acpi/platform_profile", "class/platform-profile/platform-profile-0/profile",
    "devices/system/cpu/cpufreq/policy0/energy_performance_preference",
    "devices/system/cpu/cpufreq/policy1/energy_performance_preference",
    // The display (docs/power-probe.md, "Display power"), after the rest so
    // older corpus entries keep their meaning: two HDMI ports, a built-in
    // panel, a writeback connector, a backlight, fb0 and a spare fb1.
    "class/drm/card1-HDMI-A-1/status", "class/drm/card1-HDMI-A-1/dpms",
    "class/drm/card1-HDMI-A-2/status", "class/drm/card1-HDMI-A-2/dpms",
    "class/drm/card0-DSI-1/status", "class/drm/card0-DSI-1/dpms",
    "class/drm/card1-Writeback-1/status", "class/drm/card1-Writeback-1/dpms",
    "class/backlight/rpi_backlight/bl_power", "class/graphics/fb0/blank", "class/graphics/fb1/blank",
]

/// The scratch directory, made on the first input.
nonisolated(unsafe) var scratchRoot: String?

private func makeScratchRoot() -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/ledmarquee-fuzz-sysfs.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { broken("cannot make a scratch directory under \(base)") }
    let root = String(cString: made)
    atexit { if let root = scratchRoot { rmdir(root) } }
    return root
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let root = scratchRoot ?? makeScratchRoot()
    scratchRoot = root
    let pieces = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)

    // Everything made, in order, so it is removed in reverse.
    var made: [(path: String, isDirectory: Bool)] = []
    func ensureDirectories(_ relative: String) {
        var path = root
        for part in relative.split(separator: "/").dropLast() {
            path += "/\(part)"
            if mkdir(path, 0o755) == 0 { made.append((path, true)) }
        }
    }
    for (attribute, piece) in zip(attributes, pieces) where !piece.isEmpty {
        ensureDirectories(attribute)
        let path = "\(root)/\(attribute)"
        switch piece.first {
        case 0xFF:
            if mkdir(path, 0o755) == 0 { made.append((path, true)) }
        case 0xFE:
            if mkfifo(path, 0o644) == 0 { made.append((path, false)) }
        default:
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { broken("cannot write \(path)") }
            made.append((path, false))
            _ = piece.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }
    defer {
        for entry in made.reversed() {
            if entry.isDirectory { rmdir(entry.path) } else { unlink(entry.path) }
        }
    }

    var probe = PowerProbe(reader: SysfsReader(root: root))
    let first = probe.read(at: 0)
    check(first)
    require((first.thermal == nil) == (first.hottestCelsius == nil), "a first reading has a temperature exactly when it has a state")
    require((first.thermal == nil) == (first.thermalSource == nil), "a first reading names a sensor exactly when it has a state")
    check(probe.read(at: 2))
    var fresh = PowerProbe(reader: SysfsReader(root: root))
    require(fresh.read(at: 0) == first, "reading the same tree again gives the same first reading")
    return 0
}

private func check(_ reading: PowerReading) {
    if let celsius = reading.hottestCelsius {
        require(ThermalClassifier.isPlausible(celsius), "the reported temperature is plausible", "\(celsius)")
    }
    if case .battery(let percent?) = reading.supply {
        require((0...100).contains(percent), "battery percent within 0...100", "\(percent)")
    }
    if let lowPower = reading.lowPower {
        require(lowPower == (reading.powerSaver || reading.lowBattery), "low power is power saver or low battery")
    } else {
        require(!reading.powerSaver && !reading.lowBattery, "no power data means no power saver and no low battery")
    }
    require(!reading.thermalSummary.isEmpty && !reading.powerSummary.isEmpty, "the summaries are never empty")
    if let display = reading.display {
        require(display.source.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F },
                "the display's source has no control character", display.source)
        let offWords = ["dpms Off", "dpms Standby", "dpms Suspend", "bl_power 1", "bl_power 2", "bl_power 3", "bl_power 4",
                        "blank 1", "blank 2", "blank 3", "blank 4"]
        let onWords = ["dpms On", "dpms unknown", "bl_power 0", "blank 0"]
        let words = display.power == .off ? offWords : onWords
        require(words.contains { display.source.hasSuffix($0) }, "the display's source says why it is \(display.power)",
                display.source)
        require(!display.source.contains("Writeback") && !display.source.hasPrefix("fb1"),
                "a writeback connector or a spare framebuffer never decides", display.source)
    }
}
