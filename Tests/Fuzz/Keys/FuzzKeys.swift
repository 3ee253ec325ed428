import MarqueeCore
import MarqueeTerminal

/// `KeyDecoder` over any bytes a terminal could send. The decoder is
/// incremental, so the one invariant that matters most is that how the
/// bytes are split across reads changes nothing: all at once, one byte a
/// read, and uneven chunks must give the same keys.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)

    var whole = KeyDecoder()
    let wholeKeys = whole.feed(bytes) + whole.flush()
    require(!whole.hasPending, "nothing is pending after flush")

    var single = KeyDecoder()
    var singleKeys: [Key] = []
    for byte in bytes { singleKeys += single.feed(CollectionOfOne(byte)) }
    singleKeys += single.flush()

    // Chunk lengths 1...7, cycling from a start the input picks.
    var chunked = KeyDecoder()
    var chunkedKeys: [Key] = []
    var start = 0
    var length = size % 7 + 1
    while start < bytes.count {
        let end = min(bytes.count, start + length)
        chunkedKeys += chunked.feed(bytes[start..<end])
        start = end
        length = length % 7 + 1
    }
    chunkedKeys += chunked.flush()

    require(wholeKeys == singleKeys, "keys fed one byte at a time equal keys fed at once",
            "\(wholeKeys.map(\.name)) vs \(singleKeys.map(\.name))")
    require(wholeKeys == chunkedKeys, "keys fed in chunks equal keys fed at once",
            "\(wholeKeys.map(\.name)) vs \(chunkedKeys.map(\.name))")
    require(wholeKeys.count <= bytes.count, "at most one key a byte")
    for key in wholeKeys {
        if case .character(let character) = key {
            require(character.unicodeScalars.count == 1, "a decoded character is one scalar", String(character))
            require(character == "\n" || !character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                    "a C0 byte is never a character key but for Enter", String(character))
        }
    }
    // A decoder is reusable after flush: the same bytes give the same keys.
    require(whole.feed(bytes) + whole.flush() == wholeKeys, "a flushed decoder starts afresh")
    return 0
}
