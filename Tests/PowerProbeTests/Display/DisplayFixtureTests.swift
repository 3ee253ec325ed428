import Foundation
import MarqueeCore
import Testing
@testable import PowerProbe
import TestSupport

/// The display readers over the fixture machines, and over scratch copies
/// with one file changed or made hostile.
@Suite("Display readings of fixture machines")
struct DisplayFixtureTests {
    static let expectations: [(String, DisplayVerdict?)] = [
        ("raspberry-pi-hdmi", DisplayVerdict(power: .on, source: "card1-HDMI-A-1 dpms On")),
        ("raspberry-pi-dsi", DisplayVerdict(power: .on, source: "card0-DSI-1 dpms On")),
        ("laptop-edp", DisplayVerdict(power: .on, source: "card0-eDP-1 dpms On")),
        ("fbdev-only", DisplayVerdict(power: .on, source: "fb0 blank 0")),
        // Trees of machines without display files say nothing.
        ("raspberry-pi", nil), ("laptop-ac", nil), ("vm-empty-class", nil), ("container-no-class", nil),
    ]

    @Test("reads as expected", arguments: expectations)
    func reading(machine: String, expected: DisplayVerdict?) {
        #expect(Fixtures.reading(machine).display == expected)
    }

    @Test("the Pi's monitor switched off stops the sign; on again plays it")
    func piMonitorOff() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi-hdmi")
        var probe = PowerProbe(reader: tree.reader)
        try tree.write("class/drm/card1-HDMI-A-1/dpms", "Off")
        #expect(probe.read(at: 0).display == DisplayVerdict(power: .off, source: "card1-HDMI-A-1 dpms Off"))
        try tree.write("class/drm/card1-HDMI-A-1/dpms", "On")
        #expect(probe.read(at: 0).display?.power == .on)
    }

    @Test("the monitor unplugged: nothing connected, fb0's empty blank says nothing")
    func piMonitorUnplugged() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi-hdmi")
        try tree.write("class/drm/card1-HDMI-A-1/status", "disconnected")
        #expect(Fixtures.reading(tree).display == nil)
    }

    @Test("the touchscreen's backlight switched off (bl_power 4) stops the sign")
    func touchscreenBacklightOff() throws {
        let tree = try ScratchSysfs(copying: "raspberry-pi-dsi")
        try tree.write("class/backlight/rpi_backlight/bl_power", "4")
        #expect(Fixtures.reading(tree).display
                == DisplayVerdict(power: .off, source: "card0-DSI-1 backlight rpi_backlight bl_power 4"))
    }

    @Test("the laptop's panel off by dpms, or by its backlight")
    func laptopPanelOff() throws {
        let tree = try ScratchSysfs(copying: "laptop-edp")
        try tree.write("class/drm/card0-eDP-1/dpms", "Off")
        #expect(Fixtures.reading(tree).display?.power == .off)
        try tree.write("class/drm/card0-eDP-1/dpms", "On")
        try tree.write("class/backlight/intel_backlight/bl_power", "4")
        #expect(Fixtures.reading(tree).display?.power == .off)
        // A monitor plugged in and lit keeps the sign going.
        try tree.write("class/drm/card0-HDMI-A-1/status", "connected")
        try tree.write("class/drm/card0-HDMI-A-1/dpms", "On")
        #expect(Fixtures.reading(tree).display?.power == .on)
    }

    @Test("the framebuffer console blanked, at each level", arguments: ["1", "2", "3", "4"])
    func framebufferBlanked(level: String) throws {
        let tree = try ScratchSysfs(copying: "fbdev-only")
        try tree.write("class/graphics/fb0/blank", level)
        #expect(Fixtures.reading(tree).display == DisplayVerdict(power: .off, source: "fb0 blank \(level)"))
    }

    @Test("a spare framebuffer nobody set a mode on (blank 4) is not asked")
    func spareFramebuffer() throws {
        let tree = try ScratchSysfs(copying: "fbdev-only")
        try tree.write("class/graphics/fb1/blank", "4")
        #expect(Fixtures.reading(tree).display?.power == .on)
    }

    /// Hostile contents where a display file should be: each is absent,
    /// never "off", and none hangs or crashes the reader.
    enum Hostile: String, CaseIterable, CustomTestStringConvertible {
        case garbage, empty, huge, fifo, directory, notUTF8, nul, negative, outOfRange
        var testDescription: String { rawValue }

        func plant(_ path: String, in tree: ScratchSysfs) throws {
            try? tree.remove(path)
            switch self {
            case .garbage: try tree.write(path, "Off-ish \u{1B}[31m")
            case .empty: try tree.write(path, "", newline: false)
            case .huge: try tree.writeBytes(path, Array(repeating: UInt8(ascii: "4"), count: SysfsReader.maxAttributeBytes + 1))
            case .fifo: #expect(mkfifo(tree.url(path).path, 0o644) == 0)
            case .directory: try FileManager.default.createDirectory(at: tree.url(path), withIntermediateDirectories: true)
            case .notUTF8: try tree.writeBytes(path, [0x4F, 0x66, 0x66, 0xFF, 0x0A])
            case .nul: try tree.writeBytes(path, [0x00, 0x00, 0x0A])
            case .negative: try tree.write(path, "-4")
            case .outOfRange: try tree.write(path, "17")
            }
        }
    }

    @Test("hostile dpms, status, bl_power and blank files are absent", arguments: Hostile.allCases)
    func hostile(kind: Hostile) throws {
        // The monitor's dpms garbled: the connected screen is not known dark, so the sign plays.
        let pi = try ScratchSysfs(copying: "raspberry-pi-hdmi")
        try kind.plant("class/drm/card1-HDMI-A-1/dpms", in: pi)
        #expect(Fixtures.reading(pi).display?.power == .on)
        // Its status garbled: no screen left, and fb0's blank is empty.
        try kind.plant("class/drm/card1-HDMI-A-1/status", in: pi)
        #expect(Fixtures.reading(pi).display == nil)

        let touchscreen = try ScratchSysfs(copying: "raspberry-pi-dsi")
        try kind.plant("class/backlight/rpi_backlight/bl_power", in: touchscreen)
        #expect(Fixtures.reading(touchscreen).display?.power == .on)

        let fbdev = try ScratchSysfs(copying: "fbdev-only")
        try kind.plant("class/graphics/fb0/blank", in: fbdev)
        #expect(Fixtures.reading(fbdev).display == nil)
    }

    @Test("a class/drm full of entries that are not connectors is read without trouble")
    func manyEntries() throws {
        let tree = try ScratchSysfs()
        for index in 0..<200 { try tree.write("class/drm/renderD\(128 + index)/dev", "226:\(128 + index)") }
        try tree.write("class/drm/card0-HDMI-A-1/status", "connected")
        try tree.write("class/drm/card0-HDMI-A-1/dpms", "Off")
        #expect(Fixtures.reading(tree).display?.power == .off)
    }
}
