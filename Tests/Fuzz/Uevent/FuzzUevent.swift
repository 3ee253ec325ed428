import PowerProbe

/// `UeventMessage.parse` over a datagram as the uevent socket would hand it
/// (docs/power-probe.md, "Power news"): the bytes as they are.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let message = UeventMessage.parse(bytes)
    require(UeventMessage.parse(bytes) == message, "parse is deterministic")
    require(message == ReferenceUevent.parse(bytes), "the scan reads what the plain split reads",
            "\(String(describing: message)) vs \(String(describing: ReferenceUevent.parse(bytes)))")
    // Not contiguous (copied first), the same message.
    require(UeventMessage.parse(AnyCollection(bytes)) == message, "any collection reads the same")
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
    if let subsystem = message.subsystem { require(!subsystem.utf8.contains(0), "a subsystem has no NUL", subsystem) }
    require(message.isPowerSupplyNews == (message.subsystem == "power_supply"
        && ["add", "change", "remove"].contains(message.action)), "power news is a power_supply add, change or remove")
    return 0
}
