/// The bytes of a frame as the painter writes them: a buffer the encoder
/// keeps from frame to frame, appended to without an array's checks (is
/// its storage shared, must it grow) for each sequence and character —
/// a scroll step is a few hundred such appends.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16_384) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, in order.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() {
        count = 0
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends `length` bytes from `source`. A short run (a terminal
    /// sequence: most are 3 to 16 bytes) is copied as two words that may
    /// overlap, the first and the last of it, which costs less than a call
    /// to `memcpy` or a loop over its bytes.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        if count + length > capacity { grow(to: count + length) }
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(base + count)
        switch length {
        case 8...16:
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (to + length - 8).storeBytes(of: (from + length - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        case 4..<8:
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (to + length - 4).storeBytes(of: (from + length - 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
        case 0..<4:
            for index in 0..<length { base[count + index] = source[index] }
        default:
            (base + count).update(from: source, count: length)
        }
        count += length
    }

    mutating func append(contentsOf array: [UInt8]) {
        array.withUnsafeBufferPointer { buffer in
            if let start = buffer.baseAddress { append(start, count: buffer.count) }
        }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
