/// One kernel uevent as a `NETLINK_KOBJECT_UEVENT` socket delivers it:
/// `ACTION@DEVPATH\0KEY=VALUE\0…\0` (docs/power-probe.md, "Power news").
///
/// The bytes come off a socket, so they are taken as hostile. The rules,
/// each cheaper than a doubt:
///
/// - at most ``maximumBytes`` (the kernel's messages are a few hundred
///   bytes; a bigger datagram is not one of them);
/// - only NUL-terminated fields count: a datagram cut short loses its last,
///   partial field rather than being read as a shorter value
///   (`SUBSYSTEM=power_sup`);
/// - the header must be a lowercase action, `@`, and a path starting `/`,
///   all valid UTF-8; libudev's own messages (`libudev\0` and a binary
///   header) and anything else are not uevents;
/// - a property needs a key of `A`–`Z`, `0`–`9` and `_` and a value of
///   valid UTF-8; other fields are skipped, the first of two equal keys
///   wins, and past ``maximumProperties`` the rest is ignored;
/// - an `ACTION=` property that disagrees with the header makes the whole
///   message a forgery.
///
/// Nothing of a message is ever shown or logged; only
/// ``isPowerSupplyNews`` is acted on, by taking a power reading.
///
/// ```swift
/// let bytes = Array("change@/devices/LNXPWRBN/AC\0ACTION=change\0SUBSYSTEM=power_supply\0".utf8)
/// UeventMessage.parse(bytes)?.isPowerSupplyNews   // true
/// ```
public struct UeventMessage: Sendable, Equatable {
    /// The largest datagram taken: the kernel's uevent buffer is 2 KiB of
    /// properties plus the header.
    public static let maximumBytes = 8192
    /// Properties kept; the kernel sends at most 64.
    public static let maximumProperties = 128
    /// The longest action (`offline` is the kernel's longest, 7).
    static let maximumActionBytes = 16

    /// `add`, `remove`, `change`, `move`, `online`, `offline`, `bind`, `unbind`.
    public let action: String
    /// The device below `/sys`, e.g. `/devices/LNXSYSTM:00/…/power_supply/AC`.
    public let devpath: String
    public let properties: [String: String]

    public init(action: String, devpath: String, properties: [String: String]) {
        self.action = action
        self.devpath = devpath
        self.properties = properties
    }

    /// `SUBSYSTEM=`, e.g. `power_supply`.
    public var subsystem: String? { properties["SUBSYSTEM"] }

    /// Whether a power supply appeared, changed or went: the cue for a
    /// power reading now rather than at the next probe interval.
    public var isPowerSupplyNews: Bool {
        subsystem == "power_supply" && ["add", "change", "remove"].contains(action)
    }

    /// The message as the kernel would send it (tests and the fuzz target's
    /// round trip): header, then each property, each field NUL-terminated,
    /// in key order.
    public var bytes: [UInt8] {
        var out = Array("\(action)@\(devpath)".utf8) + [0]
        for key in properties.keys.sorted() {
            out += Array("\(key)=\(properties[key] ?? "")".utf8) + [0]
        }
        return out
    }

    /// The message in `bytes`, or nil when they are not a uevent (see the
    /// type's rules).
    public static func parse(_ bytes: some Collection<UInt8>) -> UeventMessage? {
        guard !bytes.isEmpty, bytes.count <= maximumBytes else { return nil }
        var fields = bytes.split(separator: 0, omittingEmptySubsequences: false)
        // What follows the last NUL is a partial field (or, for a whole
        // message, the empty piece after its final NUL).
        fields.removeLast()
        guard let header = fields.first, let (action, devpath) = parseHeader(header) else { return nil }
        var properties: [String: String] = [:]
        for field in fields.dropFirst() {
            guard properties.count < maximumProperties else { break }
            guard let (key, value) = parseProperty(field), properties[key] == nil else { continue }
            properties[key] = value
        }
        if let stated = properties["ACTION"], stated != action { return nil }
        return UeventMessage(action: action, devpath: devpath, properties: properties)
    }

    private static func parseHeader(_ field: some Collection<UInt8>) -> (String, String)? {
        guard let at = field.firstIndex(of: UInt8(ascii: "@")) else { return nil }
        let action = field[..<at]
        let devpath = field[field.index(after: at)...]
        guard !action.isEmpty, action.count <= maximumActionBytes,
              action.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }),
              devpath.first == UInt8(ascii: "/"),
              let path = String(validating: devpath, as: UTF8.self) else { return nil }
        return (String(decoding: action, as: UTF8.self), path)
    }

    private static func parseProperty(_ field: some Collection<UInt8>) -> (String, String)? {
        guard let equals = field.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let key = field[..<equals]
        guard !key.isEmpty, key.allSatisfy(isKeyByte),
              let value = String(validating: field[field.index(after: equals)...], as: UTF8.self) else { return nil }
        return (String(decoding: key, as: UTF8.self), value)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}
