import MarqueeCore
import Testing
@testable import PowerProbe

/// The combination rule of docs/power-probe.md ("Display power"), case by
/// case, on readings built by hand.
@Suite("Display rule")
struct DisplayRuleTests {
    typealias Connector = DisplayOutputs.Connector
    typealias Backlight = DisplayOutputs.Backlight

    static func hdmi(_ port: Int, _ status: String?, _ dpms: String?) -> Connector {
        Connector(name: "card1-HDMI-A-\(port)", status: status, dpms: dpms)
    }

    @Test("nothing readable says nothing")
    func nothing() {
        #expect(DisplayOutputs().verdict() == nil)
        #expect(DisplayOutputs(connectors: [Self.hdmi(1, "disconnected", "Off")]).verdict() == nil)
        #expect(DisplayOutputs(backlights: [Backlight(name: "bl", power: nil)]).verdict() == nil)
    }

    @Test("a Pi with one monitor: the unused second HDMI port neither stops nor keeps the sign",
          arguments: [("On", DisplayPower.on), ("Off", .off), ("Standby", .off), ("Suspend", .off)])
    func piWithSpareConnector(dpms: String, expected: DisplayPower) {
        for spare in ["On", "Off"] {
            let outputs = DisplayOutputs(connectors: [Self.hdmi(1, "connected", dpms), Self.hdmi(2, "disconnected", spare)])
            #expect(outputs.verdict() == DisplayVerdict(power: expected, source: "card1-HDMI-A-1 dpms \(dpms)"))
        }
    }

    @Test("two monitors: off only when both are dark; the first lit one is named")
    func twoScreens() {
        let both = DisplayOutputs(connectors: [Self.hdmi(1, "connected", "Off"), Self.hdmi(2, "connected", "Off")])
        #expect(both.verdict() == DisplayVerdict(power: .off, source: "card1-HDMI-A-1 dpms Off"))
        let one = DisplayOutputs(connectors: [Self.hdmi(1, "connected", "Off"), Self.hdmi(2, "connected", "On")])
        #expect(one.verdict() == DisplayVerdict(power: .on, source: "card1-HDMI-A-2 dpms On"))
    }

    @Test("an unreadable or unknown dpms on a connected screen keeps the sign on",
          arguments: [nil, "off", "Sleeping", "0"] as [String?])
    func unreadableDPMS(dpms: String?) {
        let outputs = DisplayOutputs(connectors: [Self.hdmi(1, "connected", "Off"), Self.hdmi(2, "connected", dpms)])
        #expect(outputs.verdict() == DisplayVerdict(power: .on, source: "card1-HDMI-A-2 dpms unknown"))
    }

    @Test("a status other than connected is no screen", arguments: ["disconnected", "unknown", "Connected", "connected?"])
    func onlyConnectedCounts(status: String) {
        let outputs = DisplayOutputs(connectors: [Self.hdmi(1, status, "Off")])
        #expect(outputs.verdict() == nil)
    }

    @Test("a writeback connector is no screen, even when it says connected")
    func writeback() {
        let outputs = DisplayOutputs(connectors: [Connector(name: "card1-Writeback-1", status: "connected", dpms: "Off"),
                                                  Self.hdmi(1, "connected", "On")])
        #expect(outputs.verdict()?.power == .on)
        #expect(DisplayOutputs(connectors: [Connector(name: "card1-Writeback-1", status: "connected", dpms: "Off")]).verdict() == nil)
    }

    @Test("a backlight switched off darkens a built-in panel", arguments: ["card0-eDP-1", "card0-DSI-1", "card0-LVDS-1", "card1-DPI-1"])
    func backlightDarkensPanel(panel: String) {
        let outputs = DisplayOutputs(connectors: [Connector(name: panel, status: "connected", dpms: "On")],
                                     backlights: [Backlight(name: "rpi_backlight", power: 4)])
        #expect(outputs.verdict() == DisplayVerdict(power: .off, source: "\(panel) backlight rpi_backlight bl_power 4"))
    }

    @Test("a laptop's backlight switched off does not stop the sign on its external monitor")
    func backlightSparesMonitor() {
        let outputs = DisplayOutputs(connectors: [Connector(name: "card0-eDP-1", status: "connected", dpms: "On"),
                                                  Connector(name: "card0-HDMI-A-1", status: "connected", dpms: "On")],
                                     backlights: [Backlight(name: "intel_backlight", power: 4)])
        #expect(outputs.verdict() == DisplayVerdict(power: .on, source: "card0-HDMI-A-1 dpms On"))
    }

    @Test("with a screen, the framebuffer's blank is not asked (DRM's own fbdev mirrors dpms)")
    func drmIgnoresFramebuffer() {
        let outputs = DisplayOutputs(connectors: [Self.hdmi(1, "connected", "On")], consoleBlank: 4)
        #expect(outputs.verdict()?.power == .on)
    }

    @Test("without a screen, a backlight or fb0 decides",
          arguments: [(4 as Int?, nil as Int?, DisplayPower.off as DisplayPower?, "bl bl_power 4"),
                      (0, nil, .on, "bl bl_power 0"), (nil, 0, .on, "fb0 blank 0"), (nil, 1, .off, "fb0 blank 1"),
                      (nil, 4, .off, "fb0 blank 4"), (0, 4, .off, "fb0 blank 4"), (4, 0, .off, "bl bl_power 4"),
                      (1, nil, .off, "bl bl_power 1"), (nil, nil, nil, "")])
    func fallback(power: Int?, blank: Int?, expected: DisplayPower?, source: String) {
        let outputs = DisplayOutputs(backlights: power == nil ? [] : [Backlight(name: "bl", power: power)], consoleBlank: blank)
        #expect(outputs.verdict() == expected.map { DisplayVerdict(power: $0, source: source) })
    }

    @Test("connector names", arguments: [("card1-HDMI-A-1", true, "HDMI-A"), ("card0-eDP-1", true, "eDP"),
                                         ("card12-DP-3", true, "DP"), ("card0-Virtual-1", true, "Virtual"),
                                         ("card1", false, ""), ("renderD128", false, ""), ("version", false, ""),
                                         ("card-HDMI-A-1", false, ""), ("cardX-DP-1", false, ""), ("card0-", false, "")])
    func connectorNames(name: String, isConnector: Bool, kind: String) {
        #expect(DisplayScanner.isConnector(name) == isConnector)
        if isConnector { #expect(Connector(name: name, status: nil, dpms: nil).kind == kind) }
    }
}
