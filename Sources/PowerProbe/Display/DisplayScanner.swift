/// Reads the display files docs/power-probe.md names ("Display power"):
/// each DRM connector's `status` and `dpms`, each backlight's `bl_power`,
/// and the console framebuffer's `blank`. Two or three small files per
/// device, through ``SysfsReader``'s bounded, non-blocking reads.
enum DisplayScanner {
    static func scan(_ sys: SysfsReader) -> DisplayOutputs {
        var outputs = DisplayOutputs()
        for name in sys.entries("class/drm") where isConnector(name) {
            let dir = "class/drm/\(name)"
            outputs.connectors.append(DisplayOutputs.Connector(name: name, status: sys.text("\(dir)/status"),
                                                               dpms: sys.text("\(dir)/dpms")))
        }
        for name in sys.entries("class/backlight") {
            outputs.backlights.append(DisplayOutputs.Backlight(name: name, power: level(sys.integer("class/backlight/\(name)/bl_power"))))
        }
        // Only fb0: every console is on it unless `fbcon=map:` says
        // otherwise, and a framebuffer nobody set a mode on reads 4
        // (powered down) on kernels that report it — a spare fb1 must not
        // turn the sign off.
        outputs.consoleBlank = level(sys.integer("class/graphics/fb0/blank"))
        return outputs
    }

    /// A blanking level is one of the kernel's five, `FB_BLANK_UNBLANK` (0)
    /// to `FB_BLANK_POWERDOWN` (4); any other number is garbage, absent.
    static func level(_ value: Int?) -> Int? {
        value.flatMap { (0...4).contains($0) ? $0 : nil }
    }

    /// `card1-HDMI-A-1` is a connector; `card1`, `renderD128` and
    /// `version` are not.
    static func isConnector(_ name: String) -> Bool {
        guard name.hasPrefix("card") else { return false }
        let rest = name.dropFirst(4)
        guard let dash = rest.firstIndex(of: "-") else { return false }
        let number = rest[..<dash]
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber } && rest.index(after: dash) < rest.endIndex
    }
}
