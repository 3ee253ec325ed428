/// The complete fields of a NUL-separated datagram, in order, each a slice
/// of the datagram itself: nothing is copied. What follows the last NUL is
/// a partial field (a datagram cut short) and is never given out, so a cut
/// `SUBSYSTEM=power_sup` cannot be read as a shorter value.
struct NULFields: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var start: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        start = bytes.startIndex
    }

    mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard let end = bytes[start...].firstIndex(of: 0) else { return nil }
        defer { start = end + 1 }
        return bytes[start..<end]
    }
}
