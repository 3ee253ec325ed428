import Foundation

/// The Unicode table of a Linux console font (PSF1 or PSF2): which
/// characters the font can draw. Only single characters count; the
/// sequences a table may also list (a base and its combining marks) are
/// skipped, since the sign never relies on them.
struct PSFUnicodeTable {
    enum Failure: Error, CustomStringConvertible {
        case notPSF
        case noUnicodeTable
        case truncated(String)
        case malformedUTF8

        var description: String {
            switch self {
            case .notPSF: "not a PSF1 or PSF2 font"
            case .noUnicodeTable: "the font has no Unicode table"
            case .truncated(let what): "the font ends inside its \(what)"
            case .malformedUTF8: "the Unicode table is not valid UTF-8"
            }
        }
    }

    let characters: Set<Unicode.Scalar>

    init(psf bytes: [UInt8]) throws(Failure) {
        if bytes.starts(with: [0x36, 0x04]) {
            characters = try PSFUnicodeTable.psf1(bytes)
        } else if bytes.starts(with: [0x72, 0xB5, 0x4A, 0x86]) {
            characters = try PSFUnicodeTable.psf2(bytes)
        } else {
            throw .notPSF
        }
    }

    /// PSF1: a 4-byte header (magic, mode, glyph height); mode bit 0x01 means
    /// 512 glyphs instead of 256, bit 0x02 (or 0x04) a Unicode table after
    /// the glyphs: UInt16 little-endian values, each glyph's list ended by
    /// 0xFFFF, sequences introduced by 0xFFFE.
    private static func psf1(_ bytes: [UInt8]) throws(Failure) -> Set<Unicode.Scalar> {
        guard bytes.count >= 4 else { throw .truncated("header") }
        let mode = bytes[2]
        guard mode & 0x06 != 0 else { throw .noUnicodeTable }
        let glyphs = mode & 0x01 != 0 ? 512 : 256
        var offset = 4 + glyphs * Int(bytes[3])
        guard offset <= bytes.count else { throw .truncated("glyphs") }
        var characters = Set<Unicode.Scalar>()
        var inSequence = false
        while offset + 1 < bytes.count {
            let value = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            offset += 2
            switch value {
            case 0xFFFF: inSequence = false
            case 0xFFFE: inSequence = true
            default:
                if !inSequence, let scalar = Unicode.Scalar(value) { characters.insert(scalar) }
            }
        }
        return characters
    }

    /// PSF2: a 32-byte little-endian header (magic, version, header size,
    /// flags, glyph count, bytes per glyph, height, width); flag 1 means a
    /// Unicode table after the glyphs: UTF-8, each glyph's list ended by
    /// 0xFF, sequences introduced by 0xFE.
    private static func psf2(_ bytes: [UInt8]) throws(Failure) -> Set<Unicode.Scalar> {
        guard bytes.count >= 32 else { throw .truncated("header") }
        func field(_ index: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[index * 4 + $1]) << (8 * $1) }
        }
        let headerSize = field(2), flags = field(3), glyphs = field(4), bytesPerGlyph = field(5)
        guard flags & 1 != 0 else { throw .noUnicodeTable }
        let start = headerSize + glyphs * bytesPerGlyph
        guard start <= bytes.count else { throw .truncated("glyphs") }
        var characters = Set<Unicode.Scalar>()
        var entry: [UInt8] = []
        var inSequence = false
        for byte in bytes[start...] {
            switch byte {
            case 0xFF, 0xFE:
                if !inSequence {
                    guard let text = String(validating: entry, as: UTF8.self) else { throw .malformedUTF8 }
                    characters.formUnion(text.unicodeScalars)
                }
                entry = []
                inSequence = byte == 0xFE
            default:
                if !inSequence { entry.append(byte) }
            }
        }
        return characters
    }
}
