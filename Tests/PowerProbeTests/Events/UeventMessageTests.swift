import Testing
@testable import PowerProbe

/// The uevent parser's rules (docs/power-probe.md, "Power news"): a kernel
/// message is read for its action and subsystem, and nothing hostile is
/// taken for one.
@Suite("Uevent messages")
struct UeventMessageTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let unplugged = "change@/devices/LNXSYSTM:00/ACPI0003:00/power_supply/AC\0ACTION=change\0"
        + "DEVPATH=/devices/LNXSYSTM:00/ACPI0003:00/power_supply/AC\0SUBSYSTEM=power_supply\0"
        + "POWER_SUPPLY_NAME=AC\0POWER_SUPPLY_ONLINE=0\0SEQNUM=4711\0"

    @Test("a kernel message: its action, its subsystem, and news of a power supply")
    func kernelMessage() throws {
        let message = try #require(UeventMessage.parse(Self.bytes(Self.unplugged)))
        #expect(message == UeventMessage(action: "change", subsystem: "power_supply"))
        #expect(message.isPowerSupplyNews)
    }

    @Test("a message without SUBSYSTEM= has none, and is no news")
    func noSubsystem() throws {
        let message = try #require(UeventMessage.parse(Self.bytes("change@/devices/x\0ACTION=change\0SEQNUM=1\0")))
        #expect(message == UeventMessage(action: "change", subsystem: nil))
        #expect(!message.isPowerSupplyNews)
    }

    @Test("read in place or copied, the same message", arguments: [unplugged, "change@/devices/x\0SUBSYS"])
    func contiguousOrNot(text: String) {
        let bytes = Self.bytes(text)
        #expect(UeventMessage.parse(AnyCollection(bytes)) == UeventMessage.parse(bytes))
        #expect(UeventMessage.parse(bytes[...]) == UeventMessage.parse(bytes))
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
        #expect(header == UeventMessage(action: "change", subsystem: nil))
    }

    @Test("odd fields are skipped; the first SUBSYSTEM= with a value of valid UTF-8 wins")
    func oddFields() throws {
        var bytes = Self.bytes("remove@/devices/x\0=v\0lower=v\0NOEQUALS\0\0subsystem=net\0SUBSYSTEM")
        bytes += [0] + Self.bytes("SUBSYSTEM=") + [0xC3, 0x28, 0] + Self.bytes("SUBSYSTEM=power_supply\0SUBSYSTEM=net\0")
        let message = try #require(UeventMessage.parse(bytes))
        #expect(message == UeventMessage(action: "remove", subsystem: "power_supply"))
        #expect(message.isPowerSupplyNews)
        // An empty value is a value.
        #expect(UeventMessage.parse(Self.bytes("add@/x\0SUBSYSTEM=\0SUBSYSTEM=power_supply\0"))?.subsystem == "")
    }

    @Test("a devpath that is not UTF-8 is not a uevent: bad bytes, overlong, a surrogate, past U+10FFFF, cut short",
          arguments: [[0xFF, 0xFE], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                      [0xE2, 0x82]] as [[UInt8]])
    func devpathNotUTF8(bad: [UInt8]) {
        #expect(UeventMessage.parse(Self.bytes("change@/devices/") + bad + Self.bytes("\0SUBSYSTEM=power_supply\0")) == nil)
        // The same bytes as a field nobody reads change nothing.
        #expect(UeventMessage.parse(Self.bytes("change@/devices/x\0X=") + bad + Self.bytes("\0SUBSYSTEM=power_supply\0"))
                == UeventMessage(action: "change", subsystem: "power_supply"))
    }

    @Test("a devpath of any valid UTF-8 is read")
    func devpathUTF8() {
        #expect(UeventMessage.parse(Self.bytes("change@/devices/é€😀\0SUBSYSTEM=power_supply\0"))?.isPowerSupplyNews == true)
    }

    @Test("an ACTION= that disagrees is a forgery; one that agrees, or is not UTF-8, is not")
    func actionProperty() {
        #expect(UeventMessage.parse(Self.bytes("change@/devices/x\0ACTION=add\0SUBSYSTEM=power_supply\0")) == nil)
        #expect(UeventMessage.parse(Self.bytes("change@/devices/x\0SUBSYSTEM=power_supply\0ACTION=changed\0")) == nil)
        #expect(UeventMessage.parse(Self.bytes("change@/devices/x\0ACTION=\0")) == nil, "empty is a value")
        // The first ACTION= that is UTF-8 decides; later ones are not read.
        let agrees = UeventMessage.parse(Self.bytes("change@/devices/x\0ACTION=change\0ACTION=add\0SUBSYSTEM=power_supply\0"))
        #expect(agrees?.isPowerSupplyNews == true)
        let notUTF8 = UeventMessage.parse(Self.bytes("change@/devices/x\0ACTION=") + [0xFF]
                                          + Self.bytes("\0ACTION=change\0SUBSYSTEM=power_supply\0"))
        #expect(notUTF8?.isPowerSupplyNews == true)
    }

    @Test("fields past the bound are not looked at")
    func fieldBound() throws {
        let fields = (0..<UeventMessage.maximumFields).map { "K\($0)=v\0" }.joined()
        let past = try #require(UeventMessage.parse(Self.bytes("change@/devices/x\0" + fields + "SUBSYSTEM=power_supply\0")))
        #expect(past.subsystem == nil, "a SUBSYSTEM after the bound is not seen")
        let last = try #require(UeventMessage.parse(Self.bytes("change@/devices/x\0" + String(fields.dropFirst(5))
                                                               + "SUBSYSTEM=power_supply\0")))
        #expect(last.subsystem == "power_supply", "the last field within the bound is")
        // Empty fields and fields without = count as fields too.
        let blanks = String(repeating: "\0", count: UeventMessage.maximumFields)
        #expect(UeventMessage.parse(Self.bytes("change@/devices/x\0" + blanks + "SUBSYSTEM=power_supply\0"))?.subsystem == nil)
    }
}
