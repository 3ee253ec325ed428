/// The built-in LED font: hand-drawn glyphs in the text format of
/// `Resources/led-font.txt`, compiled into the binary.
///
/// Format: `ascent N` and `descent N` header lines, then per glyph a line
/// `U+XXXX` followed by exactly ascent+descent rows of `#` (lit) and `.`;
/// `;` starts a comment line. The parser adds one unlit spacing column.
public struct LEDFont: GlyphSource {
    public let ascent: Int
    public let descent: Int
    private let glyphs: [Unicode.Scalar: Glyph]

    /// The font shipped in `Resources/led-font.txt`.
    public static let builtIn: LEDFont = {
        do {
            return try LEDFont(parsing: EmbeddedResources.ledFont)
        } catch {
            // The resource is part of the source tree and covered by tests;
            // a broken one is a build defect, not a user error.
            fatalError("built-in font: \(error)")
        }
    }()

    public func glyph(for scalar: Unicode.Scalar) -> Glyph? { glyphs[scalar] }

    /// Every code point the font covers, in order.
    var coverage: [Unicode.Scalar] { glyphs.keys.sorted() }

    /// A parse failure, with the 1-based line it was found on.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public init(parsing text: String) throws(ParseError) {
        var ascent: Int?
        var descent: Int?
        var glyphs: [Unicode.Scalar: Glyph] = [:]
        var pending: (scalar: Unicode.Scalar, line: Int, rows: [String])?

        func finish(_ glyph: (scalar: Unicode.Scalar, line: Int, rows: [String]), ascent: Int) throws(ParseError) {
            let width = glyph.rows[0].count
            guard glyph.rows.allSatisfy({ $0.count == width }) else {
                throw ParseError(line: glyph.line, message: "rows of U+\(String(glyph.scalar.value, radix: 16)) differ in length")
            }
            var drawn = Glyph(rows: glyph.rows, ascent: ascent)
            drawn.columns.append(0)
            glyphs[glyph.scalar] = drawn
        }

        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingSuffixWhitespace()
            if line.isEmpty || line.hasPrefix(";") { continue }
            if var open = pending, let ascent, let descent {
                guard line.allSatisfy({ $0 == "#" || $0 == "." }) else {
                    throw ParseError(line: lineNumber, message: "expected a row of '#' and '.'")
                }
                open.rows.append(String(line))
                pending = open
                if open.rows.count == ascent + descent {
                    try finish(open, ascent: ascent)
                    pending = nil
                }
                continue
            }
            let words = line.split(separator: " ", maxSplits: 1)
            switch words.first {
            case "ascent"?, "descent"?:
                guard words.count == 2, let value = Int(words[1]), (0...Glyph.maximumHeight).contains(value) else {
                    throw ParseError(line: lineNumber, message: "bad \(words[0]) value")
                }
                if words[0] == "ascent" { ascent = value } else { descent = value }
            case let code? where code.hasPrefix("U+"):
                guard let ascent, let descent, ascent + descent > 0, ascent + descent <= Glyph.maximumHeight else {
                    throw ParseError(line: lineNumber, message: "glyph before a valid ascent/descent header")
                }
                guard let value = UInt32(code.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw ParseError(line: lineNumber, message: "bad code point \(code)")
                }
                guard glyphs[scalar] == nil else {
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
    func trimmingSuffixWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[startIndex..<end]
    }
}
