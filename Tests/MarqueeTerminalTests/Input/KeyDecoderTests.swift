import MarqueeCore
import Testing
@testable import MarqueeTerminal

@Suite("Key decoding")
struct KeyDecoderTests {
    @Test("bytes become keys", arguments: [
        ([UInt8](" q?".utf8), [Key.character(" "), .character("q"), .character("?")]),
        ([0x1B, 0x5B, 0x43], [.right]),
        ([0x1B, 0x5B, 0x44], [.left]),
        ([0x1B, 0x4F, 0x41], [.up]),
        ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], [.right]),
        ([0x03], [.interrupt]),
        ([0xC3, 0xA9], [.character("é")]),
        ([0x1B, 0x5B, 0x32, 0x7E], [.unknown]),
        ([0xFF, 0x71], [.unknown, .character("q")]),
        ([0x1B, 0x71], [.escape, .character("q")]),
    ])
    func decode(bytes: [UInt8], keys: [Key]) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes) + decoder.flush() == keys)
    }

    @Test("a lone Esc waits for more bytes, then is Esc when none come")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
    }

    @Test("a sequence split across reads is joined")
    func splitSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
        #expect(decoder.feed([0x43]) == [.right])
        #expect(decoder.feed([0xE6]).isEmpty)
        #expect(decoder.feed([0x97, 0xA5]) == [.character("日")])
    }

    @Test("a runaway escape sequence does not swallow input forever")
    func runaway() {
        var decoder = KeyDecoder()
        let keys = decoder.feed([0x1B, 0x5B] + Array(repeating: UInt8(0x30), count: 100) + Array("q".utf8))
        #expect(keys.last == .character("q"))
    }
}
