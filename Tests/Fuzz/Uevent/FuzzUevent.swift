import PowerProbe

/// `UeventMessage.parse` over a datagram as the uevent socket would hand it
/// (docs/power-probe.md, "Power news"): the bytes as they are.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let message = UeventMessage.parse(bytes)
    require(UeventMessage.parse(bytes) == message, "parse is deterministic")
    // A datagram cut anywhere past its last NUL is the same message: a
    // partial field never counts.
    if let lastNUL = bytes.lastIndex(of: 0) {
        require(UeventMessage.parse(bytes[...lastNUL]) == message, "a partial last field is dropped")
    } else {
        require(message == nil, "without a NUL there is no field", String(decoding: bytes, as: UTF8.self))
    }
    if bytes.count > UeventMessage.maximumBytes { require(message == nil, "a datagram over the bound is refused") }
    guard let message else { return 0 }
    let action = message.action.utf8
    require(!action.isEmpty && action.count <= 16 && action.allSatisfy { (0x61...0x7A).contains($0) },
            "the action is lowercase letters", message.action)
    require(message.devpath.hasPrefix("/") && !message.devpath.utf8.contains(0), "the devpath starts with /",
            message.devpath)
    require(message.properties.count <= UeventMessage.maximumProperties, "properties are bounded")
    for (key, value) in message.properties {
        require(!key.isEmpty && key.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F },
                "a key is A-Z 0-9 _", key)
        require(!value.utf8.contains(0), "a value has no NUL", value)
    }
    if let stated = message.properties["ACTION"] { require(stated == message.action, "ACTION= agrees with the header") }
    require(message.isPowerSupplyNews == (message.subsystem == "power_supply"
        && ["add", "change", "remove"].contains(message.action)), "power news is a power_supply add, change or remove")
    // What it keeps reads back the same (within the size bound).
    let again = message.bytes
    if again.count <= UeventMessage.maximumBytes {
        require(UeventMessage.parse(again) == message, "the message reads back from its own bytes")
    }
    return 0
}
