import Foundation
import Testing
@testable import PowerProbe
import TestSupport

@Suite("SysfsReader")
struct SysfsReaderTests {
    @Test("values are trimmed of the newline, blanks and NUL padding",
          arguments: [("48700\n", "48700"), ("  Discharging \n", "Discharging"), ("low-power\0\0\n", "low-power"),
                      ("[C] PD PD_PPS\n", "[C] PD PD_PPS"), ("Package id 0", "Package id 0")])
    func trims(raw: String, expected: String) throws {
        let tree = try ScratchSysfs()
        try tree.write("attr", raw, newline: false)
        #expect(tree.reader.text("attr") == expected)
    }

    @Test("a blank file says nothing", arguments: ["", "\n", " \t\n"])
    func blankIsAbsent(raw: String) throws {
        let tree = try ScratchSysfs()
        try tree.write("attr", raw, newline: false)
        #expect(tree.reader.text("attr") == nil)
    }

    @Test("a missing file or directory is nil")
    func missing() throws {
        let tree = try ScratchSysfs()
        #expect(tree.reader.text("class/thermal/thermal_zone0/temp") == nil)
        #expect(tree.reader.entries("class/thermal").isEmpty)
        #expect(SysfsReader(root: "/nonexistent-\(UUID().uuidString)").entries("").isEmpty)
    }

    @Test("attributes up to 4 KiB are read; larger files are refused, not read")
    func sizeLimit() throws {
        let tree = try ScratchSysfs()
        try tree.writeBytes("page", Array(repeating: UInt8(ascii: "7"), count: SysfsReader.maxAttributeBytes))
        try tree.writeBytes("big", Array(repeating: UInt8(ascii: "7"), count: SysfsReader.maxAttributeBytes + 1))
        try tree.writeBytes("huge", Array(repeating: UInt8(ascii: "7"), count: 1 << 20))
        #expect(tree.reader.text("page")?.count == SysfsReader.maxAttributeBytes)
        #expect(tree.reader.text("big") == nil)
        #expect(tree.reader.text("huge") == nil)
    }

    @Test("bytes that are not UTF-8 are refused")
    func notUTF8() throws {
        let tree = try ScratchSysfs()
        try tree.writeBytes("attr", [0x34, 0x38, 0xFF, 0xFE, 0x0A])
        #expect(tree.reader.text("attr") == nil)
    }

    @Test("a directory or a FIFO where a file is expected is nil, and does not block")
    func notRegularFiles() throws {
        let tree = try ScratchSysfs()
        try FileManager.default.createDirectory(at: tree.url("dir"), withIntermediateDirectories: false)
        #expect(mkfifo(tree.url("fifo").path, 0o644) == 0)
        #expect(tree.reader.text("dir") == nil)
        #expect(tree.reader.text("fifo") == nil)
    }

    @Test("an unreadable file is nil")
    func unreadable() throws {
        let tree = try ScratchSysfs()
        try tree.write("temp", "48700")
        try tree.makeUnreadable("temp")
        #expect(tree.reader.text("temp") == nil)
    }

    @Test("symbolic links are followed, as /sys/class entries are links into /sys/devices")
    func followsSymlinks() throws {
        let tree = try ScratchSysfs()
        try tree.write("devices/virtual/thermal/thermal_zone0/temp", "51000")
        try FileManager.default.createDirectory(at: tree.url("class/thermal"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tree.url("class/thermal/thermal_zone0").path,
                                                   withDestinationPath: "../../devices/virtual/thermal/thermal_zone0")
        #expect(tree.reader.entries("class/thermal") == ["thermal_zone0"])
        #expect(tree.reader.entries("class/thermal/thermal_zone0") == ["temp"])
        #expect(tree.reader.text("class/thermal/thermal_zone0/temp") == "51000")
    }

    @Test("entries are sorted and leave out hidden names")
    func entriesSorted() throws {
        let tree = try ScratchSysfs()
        for name in ["hwmon2", "hwmon0", "hwmon10", ".gitkeep"] { try tree.write("class/hwmon/\(name)", "x") }
        #expect(tree.reader.entries("class/hwmon") == ["hwmon0", "hwmon10", "hwmon2"])
    }

    @Test("the root may be given with a trailing slash", arguments: ["/sys", "/sys/", "/sys//"])
    func rootNormalised(root: String) {
        #expect(SysfsReader(root: root).path("class/thermal") == "/sys/class/thermal")
        #expect(SysfsReader(root: "/").path("class") == "/class")
    }

    @Test("integers and milli-°C parse; anything else is absent, never 0",
          arguments: [("48700", 48.7 as Double?), ("-5000", -5), ("0", 0), ("N/A", nil), ("48.7", nil), ("", nil)])
    func numbers(raw: String, celsius: Double?) throws {
        let tree = try ScratchSysfs()
        try tree.write("temp", raw)
        #expect(tree.reader.celsius("temp") == celsius)
    }
}
