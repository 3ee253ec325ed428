/// The text format of the built-in LED font, `Resources/led-font.txt`,
/// parsed into bit columns. Its own target because two programs read it:
/// the build tool `embed-resources`, which compiles the parsed font into the
/// binary (so a sign does not parse text at every start), and MarqueeCore's
/// `LEDFont(parsing:)`.
///
/// Format: `ascent N` and `descent N` header lines, then per glyph a line
/// `U+XXXX` followed by exactly ascent+descent rows of `#` (lit) and `.`;
/// `;` starts a comment line. One unlit spacing column is added to each
/// glyph.
///
/// ```swift
/// let font = try LEDFontText(parsing: "ascent 1\ndescent 0\nU+0041\n#\n")
/// font.glyphs[0].columns // [1, 0]: one lit column, one spacing column
/// ```
public struct LEDFontText: Sendable, Equatable {
    /// One glyph: bit `r` of `columns[x]` is row `r` from the top of the
    /// line box; the last column is the spacing column.
    public struct Glyph: Sendable, Equatable {
        public let scalar: Unicode.Scalar
        public let columns: [UInt64]
    }

    /// The tallest line box (one bit a row in `UInt64`).
    public static let maximumHeight = 64

    public let ascent: Int
    public let descent: Int
    /// In the order of the file.
    public let glyphs: [Glyph]

    /// A parse failure, with the 1-based line it was found on.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public init(parsing text: String) throws(ParseError) {
        var ascent: Int?
        var descent: Int?
        var glyphs: [Glyph] = []
        var seen: Set<Unicode.Scalar> = []
        var pending: (scalar: Unicode.Scalar, line: Int, rows: [Substring])?

        func finish(_ glyph: (scalar: Unicode.Scalar, line: Int, rows: [Substring])) throws(ParseError) {
            let width = glyph.rows[0].count
            guard glyph.rows.allSatisfy({ $0.count == width }) else {
                throw ParseError(line: glyph.line, message: "rows of U+\(String(glyph.scalar.value, radix: 16)) differ in length")
            }
            var columns = [UInt64](repeating: 0, count: width + 1)
            for (row, line) in glyph.rows.enumerated() {
                for (x, character) in line.enumerated() where character == "#" {
                    columns[x] |= 1 << UInt64(row)
                }
            }
            glyphs.append(Glyph(scalar: glyph.scalar, columns: columns))
        }

        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingSuffixWhitespace()
            if line.isEmpty || line.hasPrefix(";") { continue }
            if var open = pending, let ascent, let descent {
                guard line.allSatisfy({ $0 == "#" || $0 == "." }) else {
                    throw ParseError(line: lineNumber, message: "expected a row of '#' and '.'")
                }
                open.rows.append(line)
                pending = open
                if open.rows.count == ascent + descent {
                    try finish(open)
                    pending = nil
                }
                continue
            }
            let words = line.split(separator: " ", maxSplits: 1)
            switch words.first {
            case "ascent"?, "descent"?:
                guard words.count == 2, let value = Int(words[1]), (0...Self.maximumHeight).contains(value) else {
                    throw ParseError(line: lineNumber, message: "bad \(words[0]) value")
                }
                if words[0] == "ascent" { ascent = value } else { descent = value }
            case let code? where code.hasPrefix("U+"):
                guard let ascent, let descent, ascent + descent > 0, ascent + descent <= Self.maximumHeight else {
                    throw ParseError(line: lineNumber, message: "glyph before a valid ascent/descent header")
                }
                guard let value = UInt32(code.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw ParseError(line: lineNumber, message: "bad code point \(code)")
                }
                guard seen.insert(scalar).inserted else {
                    throw ParseError(line: lineNumber, message: "duplicate glyph \(code)")
                }
                pending = (scalar, lineNumber, [])
            default:
                throw ParseError(line: lineNumber, message: "unexpected line")
            }
        }
        if let open = pending {
            throw ParseError(line: open.line, message: "glyph has \(open.rows.count) rows, expected \((ascent ?? 0) + (descent ?? 0))")
        }
        guard let ascent, let descent else { throw ParseError(line: 1, message: "missing ascent/descent header") }
        self.ascent = ascent
        self.descent = descent
        self.glyphs = glyphs
    }
}

extension Substring {
    fileprivate func trimmingSuffixWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[startIndex..<end]
    }
}
