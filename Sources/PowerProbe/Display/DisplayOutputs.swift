import MarqueeCore

/// What the display's sysfs files said in one reading, before any rule is
/// applied: the DRM connectors, the backlights and the console's
/// framebuffer. ``verdict()`` is the combination rule of docs/power-probe.md
/// ("Display power"), a pure function so every case is a unit test.
struct DisplayOutputs: Sendable, Equatable {
    /// One `class/drm/cardN-TYPE-M` connector.
    struct Connector: Sendable, Equatable {
        /// `card1-HDMI-A-1`.
        var name: String
        /// `connected`, `disconnected`, `unknown`; nil when unreadable.
        var status: String?
        /// `On`, `Standby`, `Suspend`, `Off`; nil when unreadable.
        var dpms: String?

        /// The connector type, the name without `cardN-` and `-M`: `HDMI-A`, `eDP`, `DSI`.
        var kind: String {
            var parts = name.split(separator: "-", omittingEmptySubsequences: false)
            if parts.first?.hasPrefix("card") == true { parts.removeFirst() }
            if parts.count > 1, parts.last?.allSatisfy(\.isNumber) == true { parts.removeLast() }
            return parts.joined(separator: "-")
        }

        /// A panel built into the machine, whose light is a backlight: a
        /// laptop's eDP or LVDS, a Raspberry Pi touchscreen's DSI or DPI, a
        /// small SPI panel. An HDMI or DisplayPort monitor has its own.
        var isBuiltInPanel: Bool { ["eDP", "LVDS", "DSI", "DPI", "SPI"].contains(kind) }

        /// A screen someone may be looking at: plugged in and not a
        /// writeback connector (which captures frames, it shows nothing).
        var isScreen: Bool { status == "connected" && kind != "Writeback" }

        /// The DPMS state says the screen is dark; an unreadable or unknown
        /// value is not a reason to stop the sign.
        var dpmsDark: Bool { ["Off", "Standby", "Suspend"].contains(dpms ?? "") }
    }

    /// One `class/backlight/NAME`; `power` is `bl_power` (0 on, 4 off).
    struct Backlight: Sendable, Equatable {
        var name: String
        var power: Int?
    }

    var connectors: [Connector] = []
    var backlights: [Backlight] = []
    /// `class/graphics/fb0/blank` (0 unblanked, 1…4 blanked); nil when the
    /// file is missing, unreadable or empty (as most kernels leave it).
    var consoleBlank: Int?

    /// The display's state and the file that decided it; nil when nothing
    /// said anything.
    ///
    /// 1. The screens are the connected DRM connectors. When there is one,
    ///    DRM decides: the display is off when every screen is dark. A
    ///    screen is dark when its `dpms` is not `On`, or, for a built-in
    ///    panel, when a backlight's `bl_power` is not 0. A disconnected
    ///    connector (a Pi's second HDMI port) is no screen and cannot keep
    ///    the sign on or turn it off.
    /// 2. With no screen (no DRM, or nothing connected that says so), a
    ///    backlight or the console's framebuffer decides: any that says off
    ///    turns the display off; one that says on keeps it on.
    func verdict() -> DisplayVerdict? {
        let backlightOff = backlights.first { ($0.power ?? 0) != 0 }
        let screens = connectors.filter(\.isScreen)
        if !screens.isEmpty {
            var darkReason: String?
            for screen in screens {
                if screen.dpmsDark {
                    darkReason = darkReason ?? "\(screen.name) dpms \(screen.dpms ?? "")"
                } else if screen.isBuiltInPanel, let backlightOff {
                    darkReason = darkReason ?? "\(screen.name) backlight \(backlightOff.name) bl_power \(backlightOff.power ?? 0)"
                } else {
                    // Only a known word is repeated: the file could hold anything.
                    return DisplayVerdict(power: .on, source: "\(screen.name) dpms \(screen.dpms == "On" ? "On" : "unknown")")
                }
            }
            return darkReason.map { DisplayVerdict(power: .off, source: $0) }
        }
        if let backlightOff {
            return DisplayVerdict(power: .off, source: "\(backlightOff.name) bl_power \(backlightOff.power ?? 0)")
        }
        if let blank = consoleBlank, blank != 0 {
            return DisplayVerdict(power: .off, source: "fb0 blank \(blank)")
        }
        if let lit = backlights.first(where: { $0.power == 0 }) {
            return DisplayVerdict(power: .on, source: "\(lit.name) bl_power 0")
        }
        if consoleBlank == 0 { return DisplayVerdict(power: .on, source: "fb0 blank 0") }
        return nil
    }
}

/// The display's state after the combination rule, with the file behind it
/// (`card1-HDMI-A-1 dpms Off`), for the events log.
public struct DisplayVerdict: Sendable, Hashable {
    public var power: DisplayPower
    public var source: String

    public init(power: DisplayPower, source: String) {
        self.power = power
        self.source = source
    }
}
