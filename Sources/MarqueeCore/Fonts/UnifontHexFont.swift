import Synchronization

/// A GNU Unifont `.hex` font: one glyph a line, `CODEPOINT:BITMAP`, where the
/// bitmap is 32 hex digits for an 8x16 glyph or 64 for a 16x16 (double
/// width) one, rows top to bottom, most significant bit leftmost.
///
/// The system Unifont has about 57,000 glyphs and a sign shows a handful, so
/// loading only validates the lines and records where each glyph starts;
/// a glyph is decoded the first time it is asked for and then cached. This
/// keeps the Unifont fallback within the start-up budget.
///
/// ```swift
/// let unifont = try UnifontHexFont(bytes: bytes, name: "unifont.hex")
/// unifont.glyph(for: "日")?.advance // 16
/// ```
///
/// Every glyph uses Unifont's 16-row line box (14 above the baseline, 2
/// below) and keeps its full 8 or 16 columns, which already include spacing.
public final class UnifontHexFont: FontFace, Sendable {
    public let name: String
    public let ascent = 14
    public let descent = 2
    public let spaceAdvance = 8

    /// The file's bytes, kept so glyphs can be decoded on demand.
    private let bytes: [UInt8]
    /// One entry per glyph, `codePoint << 32 | bitmapOffset << 1 | isWide`,
    /// sorted so a lookup is a binary search. Packing keeps the index one
    /// flat array that sorts by code point and then by file position.
    private let index: [UInt64]
    private let cache = Mutex<[UInt32: Glyph]>([:])

    /// Rows of every Unifont glyph.
    public static let rows = 16

    public init(bytes: [UInt8], name: String) throws(FontError) {
        self.name = name
        self.bytes = bytes
        self.index = try UnifontHexFont.buildIndex(bytes, name: name)
    }

    /// Number of distinct code points the font covers.
    public var glyphCount: Int { index.count }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        let codePoint = scalar.value
        if let cached = cache.withLock({ $0[codePoint] }) {
            return cached
        }
        guard let entry = entry(for: codePoint) else { return nil }
        let glyph = decode(entry)
        cache.withLock { $0[codePoint] = glyph }
        return glyph
    }

    private func entry(for codePoint: UInt32) -> UInt64? {
        let key = UInt64(codePoint) << 32
        var low = 0
        var high = index.count
        while low < high {
            let middle = (low + high) / 2
            if index[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < index.count, index[low] >> 32 == UInt64(codePoint) else { return nil }
        return index[low]
    }

    private func decode(_ entry: UInt64) -> Glyph {
        let offset = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) >> 1
        let width = entry & 1 == 1 ? 16 : 8
        let digitsPerRow = width / 4
        var columns = [UInt64](repeating: 0, count: width)
        for row in 0..<UnifontHexFont.rows {
            var bits = 0
            for digit in 0..<digitsPerRow {
                // The index only records lines whose digits were validated.
                bits = bits << 4 | Int(FontHex.value(bytes[offset + row * digitsPerRow + digit]))
            }
            for x in 0..<width where bits >> (width - 1 - x) & 1 == 1 {
                columns[x] |= 1 << UInt64(row)
            }
        }
        return Glyph(columns: columns, ascent: ascent, descent: descent)
    }

    /// Scans the whole file once, checking each line's syntax and noting
    /// where its bitmap starts. Written as a tight byte loop because it runs
    /// over megabytes at start-up.
    private static func buildIndex(_ bytes: [UInt8], name: String) throws(FontError) -> [UInt64] {
        // Offsets are packed into 31 bits; the loader caps files far below.
        guard bytes.count < 1 << 31 else {
            throw FontError(file: name, line: nil, kind: .tooLarge, detail: "file is too large for a .hex font")
        }
        let result: Result<[UInt64], FontError> = bytes.withUnsafeBufferPointer { buffer in
            var entries: [UInt64] = []
            entries.reserveCapacity(buffer.count / 40)
            var sorted = true
            var previous: UInt64 = 0
            var line = 0
            var sawContent = false
            var i = 0
            let end = buffer.count
            while i < end {
                line += 1
                let lineStart = i
                if buffer[i] == newline { i += 1; continue }
                if buffer[i] == carriageReturn, i + 1 == end || buffer[i + 1] == newline { i += 2; continue }

                func failure(_ kind: FontError.Kind, _ detail: String) -> Result<[UInt64], FontError> {
                    if !sawContent && kind == .syntax {
                        var lineEnd = lineStart
                        while lineEnd < end, buffer[lineEnd] != newline { lineEnd += 1 }
                        return .failure(FontError(
                            file: name, line: line, kind: .notAFont,
                            detail: "not a Unifont .hex font: line starts \(FontError.quote(buffer[lineStart..<lineEnd]))"))
                    }
                    return .failure(FontError(file: name, line: line, kind: kind, detail: detail))
                }

                var codePoint: UInt32 = 0
                while i < end, i - lineStart < 8 {
                    let value = FontHex.value(buffer[i])
                    guard value < 16 else { break }
                    codePoint = codePoint << 4 | UInt32(value)
                    i += 1
                }
                let codePointDigits = i - lineStart
                guard codePointDigits > 0, i < end, buffer[i] == colon else {
                    return failure(.syntax, "expected CODEPOINT:HEXDIGITS")
                }
                guard codePointDigits <= 6, codePoint <= 0x10FFFF else {
                    return failure(.sizeOutOfRange, "code point \(FontError.quote(buffer[lineStart..<i])) is beyond Unicode")
                }
                i += 1
                let bitmapStart = i
                while i < end, FontHex.value(buffer[i]) < 16 { i += 1 }
                let digits = i - bitmapStart
                if i < end, buffer[i] == carriageReturn { i += 1 }
                if i < end {
                    guard buffer[i] == newline else {
                        sawContent = true
                        return failure(.badHexDigit, "bad hex digit \(FontError.quote(buffer[i..<i + 1])) in glyph \(FontHex.codePoint(codePoint))")
                    }
                    i += 1
                }
                sawContent = true
                guard digits == 32 || digits == 64 else {
                    return failure(.syntax, "glyph \(FontHex.codePoint(codePoint)) has \(digits) hex digits; expected 32 (8x16) or 64 (16x16)")
                }
                let entry = UInt64(codePoint) << 32 | UInt64(bitmapStart) << 1 | (digits == 64 ? 1 : 0)
                if entry < previous { sorted = false }
                previous = entry
                entries.append(entry)
            }
            guard sawContent else {
                return .failure(FontError(file: name, line: nil, kind: .empty, detail: "file is empty"))
            }
            if !sorted { entries.sort() }
            // Sorting by (code point, offset) leaves duplicates adjacent with
            // the earliest line first; keep that one, as BDFFont does.
            var unique = 0
            for position in entries.indices where unique == 0 || entries[unique - 1] >> 32 != entries[position] >> 32 {
                entries[unique] = entries[position]
                unique += 1
            }
            entries.removeLast(entries.count - unique)
            return .success(entries)
        }
        return try result.get()
    }
}

private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let colon = UInt8(ascii: ":")
