import Testing
@testable import PowerProbe

/// The uevent parser's rules (docs/power-probe.md, "Power news"): a kernel
/// message is read whole, and nothing hostile is taken for one.
@Suite("Uevent messages")
struct UeventMessageTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let unplugged = "change@/devices/LNXSYSTM:00/ACPI0003:00/power_supply/AC\0ACTION=change\0"
        + "DEVPATH=/devices/LNXSYSTM:00/ACPI0003:00/power_supply/AC\0SUBSYSTEM=power_supply\0"
        + "POWER_SUPPLY_NAME=AC\0POWER_SUPPLY_ONLINE=0\0SEQNUM=4711\0"

    @Test("a kernel message: header, properties, and news of a power supply")
    func kernelMessage() throws {
        let message = try #require(UeventMessage.parse(Self.bytes(Self.unplugged)))
        #expect(message.action == "change")
        #expect(message.devpath == "/devices/LNXSYSTM:00/ACPI0003:00/power_supply/AC")
        #expect(message.subsystem == "power_supply")
        #expect(message.properties["POWER_SUPPLY_ONLINE"] == "0")
        #expect(message.properties.count == 6)
        #expect(message.isPowerSupplyNews)
        #expect(UeventMessage.parse(message.bytes) == message, "its own bytes read back")
    }

    @Test("add, change and remove of a power supply are news; other actions and subsystems are not", arguments: [
        ("add", "power_supply", true), ("change", "power_supply", true), ("remove", "power_supply", true),
        ("bind", "power_supply", false), ("online", "power_supply", false), ("change", "usb", false),
        ("change", "power_supply_x", false), ("change", "", false),
    ])
    func news(action: String, subsystem: String, expected: Bool) throws {
        let message = try #require(UeventMessage.parse(Self.bytes("\(action)@/devices/x\0SUBSYSTEM=\(subsystem)\0")))
        #expect(message.isPowerSupplyNews == expected)
    }

    @Test("not a uevent: empty, no NUL, no @, a bad action or path, libudev's header, too big", arguments: [
        "", "change@/devices/x/AC", "change/devices/x\0SUBSYSTEM=power_supply\0", "@/devices/x\0",
        "Change@/devices/x\0", "change!@/devices/x\0", "change@devices/x\0", "change@\0",
        "libudev\0\u{7F}\0\0\0ACTION=change\0SUBSYSTEM=power_supply\0",
        "averyveryverylongaction@/devices/x\0",
    ])
    func refused(text: String) {
        #expect(UeventMessage.parse(Self.bytes(text)) == nil)
    }

    @Test("a datagram over 8 KiB is refused, one of 8 KiB is read")
    func sizeBound() {
        let head = Self.bytes("change@/devices/x\0SUBSYSTEM=power_supply\0PAD=")
        let fits = head + [UInt8](repeating: UInt8(ascii: "a"), count: UeventMessage.maximumBytes - head.count - 1) + [0]
        #expect(fits.count == UeventMessage.maximumBytes)
        #expect(UeventMessage.parse(fits)?.isPowerSupplyNews == true)
        #expect(UeventMessage.parse(fits + [0]) == nil)
    }

    @Test("a truncated datagram loses its partial last field, never reads it shorter")
    func truncated() throws {
        let cut = try #require(UeventMessage.parse(Self.bytes("change@/devices/x\0ACTION=change\0SUBSYSTEM=power_sup")))
        #expect(cut.subsystem == nil)
        #expect(!cut.isPowerSupplyNews)
        let header = try #require(UeventMessage.parse(Self.bytes("change@/devices/x\0SUBSYS")))
        #expect(header.properties.isEmpty)
    }

    @Test("odd fields are skipped: no =, empty or lowercase key, invalid UTF-8; the first of two keys wins")
    func oddFields() throws {
        var bytes = Self.bytes("remove@/devices/x\0SUBSYSTEM=power_supply\0SUBSYSTEM=net\0=v\0lower=v\0NOEQUALS\0BAD=")
        bytes += [0xC3, 0x28, 0] + Self.bytes("GOOD=ok\0EMPTY=\0")
        let message = try #require(UeventMessage.parse(bytes))
        #expect(message.properties == ["SUBSYSTEM": "power_supply", "GOOD": "ok", "EMPTY": ""])
        #expect(message.isPowerSupplyNews)
    }

    @Test("a devpath that is not UTF-8 is not a uevent; an ACTION= that disagrees is a forgery")
    func hostileHeader() {
        #expect(UeventMessage.parse(Self.bytes("change@/devices/") + [0xFF, 0xFE] + Self.bytes("\0SUBSYSTEM=power_supply\0")) == nil)
        #expect(UeventMessage.parse(Self.bytes("change@/devices/x\0ACTION=add\0SUBSYSTEM=power_supply\0")) == nil)
    }

    @Test("properties past the bound are ignored")
    func propertyBound() throws {
        let fields = (0..<300).map { "K\($0)=v\0" }.joined()
        let message = try #require(UeventMessage.parse(Self.bytes("change@/devices/x\0" + fields + "SUBSYSTEM=power_supply\0")))
        #expect(message.properties.count == UeventMessage.maximumProperties)
        #expect(message.subsystem == nil, "a SUBSYSTEM after the bound is not seen")
    }
}
