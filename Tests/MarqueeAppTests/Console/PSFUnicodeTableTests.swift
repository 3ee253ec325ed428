import Testing

/// The console-font reader on small hand-made fonts, so the glyph check
/// above cannot pass by reading nothing.
@Suite("PSF Unicode tables")
struct PSFUnicodeTableTests {
    /// A PSF1 font of 256 one-byte glyphs whose table gives glyph 0 `A` and
    /// `█`, glyph 1 the sequence e + U+0301 only, every other glyph nothing.
    static var psf1: [UInt8] {
        var bytes: [UInt8] = [0x36, 0x04, 0x02, 1] + [UInt8](repeating: 0, count: 256)
        func put(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        [0x41, 0x2588, 0xFFFF, 0xFFFE, 0x65, 0x301, 0xFFFF].forEach(put)
        for _ in 2..<256 { put(0xFFFF) }
        return bytes
    }

    /// A PSF2 font of two one-byte glyphs: `·` and `●` for glyph 0, then a
    /// sequence; glyph 1 `░` after a sequence-only part.
    static var psf2: [UInt8] {
        func le(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        var bytes: [UInt8] = [0x72, 0xB5, 0x4A, 0x86] + le(0) + le(32) + le(1) + le(2) + le(1) + le(1) + le(8)
        bytes += [0, 0]
        bytes += Array("·●".utf8) + [0xFE] + Array("e\u{301}".utf8) + [0xFF]
        bytes += Array("░".utf8) + [0xFF]
        return bytes
    }

    @Test("PSF1: single characters count, sequences do not")
    func psf1Table() throws {
        #expect(try PSFUnicodeTable(psf: Self.psf1).characters == ["A", "█"])
    }

    @Test("PSF2: UTF-8 entries up to a sequence or the terminator")
    func psf2Table() throws {
        #expect(try PSFUnicodeTable(psf: Self.psf2).characters == ["·", "●", "░"])
    }

    @Test("a font without a Unicode table, or no font at all, is an error")
    func refused() {
        var noTable = Self.psf1
        noTable[2] = 0
        #expect(throws: PSFUnicodeTable.Failure.self) { try PSFUnicodeTable(psf: noTable) }
        #expect(throws: PSFUnicodeTable.Failure.self) { try PSFUnicodeTable(psf: Array("not a font".utf8)) }
        #expect(throws: PSFUnicodeTable.Failure.self) { try PSFUnicodeTable(psf: Array(Self.psf2.prefix(20))) }
    }
}
