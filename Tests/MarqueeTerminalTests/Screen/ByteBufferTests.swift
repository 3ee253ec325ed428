import Testing
@testable import MarqueeTerminal

/// The painter's output buffer (``ByteBuffer``): every length of run, each
/// way of copying it, and growth past its first storage.
@Suite("Byte buffer")
struct ByteBufferTests {
    @Test("runs of every length from 0 to 40 bytes, each way of copying them, come out in order and whole, past the first storage")
    func runsOfEveryLength() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        var next: UInt8 = 0
        for length in 0...40 {
            let run = (0..<length).map { _ -> UInt8 in
                next &+= 7
                return next
            }
            buffer.append(contentsOf: run)
            buffer.append(0xFF)
            expected += run + [0xFF]
        }
        #expect(Array(buffer.bytes) == expected)
        #expect(buffer.count == expected.count)
        buffer.removeAll()
        buffer.append(contentsOf: Array("\u{1B}[12;34H".utf8))
        #expect(Array(buffer.bytes) == Array("\u{1B}[12;34H".utf8))
    }
}
