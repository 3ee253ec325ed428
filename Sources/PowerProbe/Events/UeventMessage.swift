/// What the sign reads of one kernel uevent, as a `NETLINK_KOBJECT_UEVENT`
/// socket delivers it: `ACTION@DEVPATH\0KEY=VALUE\0…\0` (docs/power-probe.md,
/// "Power news"). It reads the action and `SUBSYSTEM=`, which say whether a
/// power supply changed, and checks `ACTION=`; no other property is kept,
/// so parsing one makes no dictionary and no string per field.
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
/// - of the fields after the header, the first ``maximumFields`` are
///   looked at and the rest ignored; `SUBSYSTEM=` and `ACTION=` count only
///   with a value of valid UTF-8, and the first that counts wins;
/// - an `ACTION=` that disagrees with the header makes the whole message a
///   forgery.
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
    /// Fields looked at after the header; the kernel sends at most 64
    /// properties.
    public static let maximumFields = 128
    /// The longest action (`offline` is the kernel's longest, 7).
    static let maximumActionBytes = 16

    /// `add`, `remove`, `change`, `move`, `online`, `offline`, `bind`, `unbind`.
    public let action: String
    /// `SUBSYSTEM=`, e.g. `power_supply`; nil when the message has none.
    public let subsystem: String?

    public init(action: String, subsystem: String?) {
        self.action = action
        self.subsystem = subsystem
    }

    /// Whether a power supply appeared, changed or went: the cue for a
    /// power reading now rather than at the next probe interval.
    public var isPowerSupplyNews: Bool {
        subsystem == "power_supply" && (action == "add" || action == "change" || action == "remove")
    }

    /// The message in `bytes`, or nil when they are not a uevent (see the
    /// type's rules). The bytes are read in place when they are contiguous,
    /// as the socket's buffer is.
    public static func parse(_ bytes: some Collection<UInt8>) -> UeventMessage? {
        guard !bytes.isEmpty, bytes.count <= maximumBytes else { return nil }
        return bytes.withContiguousStorageIfAvailable(parse(datagram:))
            ?? Array(bytes).withUnsafeBufferPointer(parse(datagram:))
    }

    /// One pass over the fields: the header, then each field until
    /// ``maximumFields``, reading only the two keys the sign needs.
    private static func parse(datagram: UnsafeBufferPointer<UInt8>) -> UeventMessage? {
        var fields = NULFields(datagram)
        guard let header = fields.next(), let action = action(ofHeader: header) else { return nil }
        var subsystem: String?
        var actionChecked = false
        for _ in 0..<maximumFields {
            guard let field = fields.next() else { break }
            if subsystem == nil, let value = value(of: subsystemKey, in: field) {
                subsystem = String(validating: value, as: UTF8.self)
            } else if !actionChecked, let value = value(of: actionKey, in: field) {
                if value.elementsEqual(action) {
                    actionChecked = true
                } else if UTF8Check.isValid(value) {
                    return nil
                }
            }
        }
        return UeventMessage(action: String(decoding: action, as: UTF8.self), subsystem: subsystem)
    }

    private static let subsystemKey = Array("SUBSYSTEM=".utf8)
    private static let actionKey = Array("ACTION=".utf8)

    /// The header's action, when the header is `action@/path` as the rules
    /// say; the path is checked, not kept.
    private static func action(ofHeader field: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard let at = field.firstIndex(of: UInt8(ascii: "@")) else { return nil }
        let action = field[..<at]
        let devpath = field[(at + 1)...]
        guard !action.isEmpty, action.count <= maximumActionBytes,
              action.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }),
              devpath.first == UInt8(ascii: "/"), UTF8Check.isValid(devpath) else { return nil }
        return action
    }

    /// What follows `key` (which ends in `=`) when the field starts with it.
    private static func value(of key: [UInt8], in field: Slice<UnsafeBufferPointer<UInt8>>)
        -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard field.starts(with: key) else { return nil }
        return field[(field.startIndex + key.count)...]
    }
}
