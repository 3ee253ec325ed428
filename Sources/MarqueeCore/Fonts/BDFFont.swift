/// A bitmap font in Adobe's Glyph Bitmap Distribution Format (BDF 2.1), the
/// text format X11 bitmap fonts are distributed in.
///
/// Every glyph is placed in the font's line box — `FONT_ASCENT` rows above
/// the baseline and `FONT_DESCENT` below (taken from `FONTBOUNDINGBOX` when
/// those properties are missing) — using its `BBX` offsets, and gets its
/// `DWIDTH` advance as columns, so spacing is built in.
///
/// ```swift
/// let font = try BDFFont(bytes: Array(text.utf8), name: "6x13.bdf")
/// font.glyph(for: "g")?.descent // FONT_DESCENT
/// ```
///
/// Parsing is strict about what would draw garbage (bad hex, a bitmap that
/// disagrees with its `BBX`, a truncated file, sizes a sign cannot show) and
/// lenient about the rest: unknown keywords, `SWIDTH`, `COMMENT` lines and a
/// `CHARS` count that does not match are ignored. Glyphs with `ENCODING -1`
/// (or no Unicode code point) are checked and then skipped. Encodings are
/// taken as Unicode code points, which holds for ISO 10646 and ISO 8859-1
/// fonts. When a code point appears twice, the first glyph wins. Pixels
/// outside the line box are clipped; a glyph reaching left of its origin is
/// widened so nothing is lost.
public struct BDFFont: FontFace {
    public let name: String
    public let ascent: Int
    public let descent: Int
    public let spaceAdvance: Int
    private let glyphs: [UInt32: Glyph]

    /// Most glyphs a font may declare; more means a hostile or wrong file.
    public static let maximumGlyphs = 65_536
    /// Widest glyph, in columns, that a sign can sensibly scroll.
    public static let maximumWidth = 256

    public init(bytes: [UInt8], name: String) throws(FontError) {
        try self.init(bytes: bytes, name: name, glyphLimit: BDFFont.maximumGlyphs)
    }

    /// `glyphLimit` lets tests reach the glyph-count check without
    /// generating 65,537 glyphs.
    init(bytes: [UInt8], name: String, glyphLimit: Int) throws(FontError) {
        var parser = BDFParser(bytes: bytes, name: name, glyphLimit: glyphLimit)
        try parser.parse()
        self.name = name
        self.ascent = parser.lineAscent
        self.descent = parser.lineDescent
        self.glyphs = parser.glyphs
        self.spaceAdvance = BDFFont.spaceAdvance(parser.advances)
    }

    /// Number of encoded glyphs the font provides.
    public var glyphCount: Int { glyphs.count }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        glyphs[scalar.value]
    }

    /// A monospaced font's space is one cell; in a proportional font, half a
    /// typical (median) advance looks like a word gap.
    private static func spaceAdvance(_ advances: [Int]) -> Int {
        guard let first = advances.first else { return 1 }
        if advances.allSatisfy({ $0 == first }) { return max(1, first) }
        let median = advances.sorted()[advances.count / 2]
        return max(1, (median + 1) / 2)
    }
}

/// A `BBX` or `FONTBOUNDINGBOX`: bitmap size and its offset from the origin
/// (x to the right, y up from the baseline).
private struct BoundingBox {
    var width: Int
    var height: Int
    var x: Int
    var y: Int
    /// Where it was declared, for messages about the bitmap below it.
    var line: Int
}

/// The BDF keywords the parser acts on; everything else is `other`.
private enum Keyword {
    case startFont, fontBoundingBox, fontAscent, fontDescent, chars, endFont
    case startChar, encoding, dWidth, bbx, bitmap, endChar
    case other

    init(_ field: ArraySlice<UInt8>) {
        // Grouped by length so the bitmap rows, most of the file, are
        // dismissed with one comparison.
        func equals(_ word: StaticString) -> Bool {
            word.withUTF8Buffer { $0.elementsEqual(field) }
        }
        switch field.count {
        case 3: self = equals("BBX") ? .bbx : .other
        case 5: self = equals("CHARS") ? .chars : .other
        case 6: self = equals("DWIDTH") ? .dWidth : equals("BITMAP") ? .bitmap : .other
        case 7: self = equals("ENDCHAR") ? .endChar : equals("ENDFONT") ? .endFont : .other
        case 8: self = equals("ENCODING") ? .encoding : .other
        case 9: self = equals("STARTCHAR") ? .startChar : equals("STARTFONT") ? .startFont : .other
        case 11: self = equals("FONT_ASCENT") ? .fontAscent : .other
        case 12: self = equals("FONT_DESCENT") ? .fontDescent : .other
        case 15: self = equals("FONTBOUNDINGBOX") ? .fontBoundingBox : .other
        default: self = .other
        }
    }
}

/// Single-use line-by-line reader that fills in the parsed font.
private struct BDFParser {
    let bytes: [UInt8]
    let name: String
    let glyphLimit: Int
    private var position = 0
    private var lineNumber = 0
    /// Byte range of the current line, without its line ending.
    private var line: Range<Int> = 0..<0
    /// Whitespace-separated fields of the current line.
    private var fields = LineFields()
    /// The first field, recognised without building a `String` per line.
    private var word: Keyword = .other

    private var fontBox: BoundingBox?
    private var fontAscent: (value: Int, line: Int)?
    private var fontDescent: (value: Int, line: Int)?
    private var defaultAdvance: Int?
    private var glyphsSeen = 0

    private(set) var lineAscent = 0
    private(set) var lineDescent = 0
    private(set) var glyphs: [UInt32: Glyph] = [:]
    private(set) var advances: [Int] = []

    init(bytes: [UInt8], name: String, glyphLimit: Int) {
        self.glyphLimit = glyphLimit
        self.bytes = bytes
        self.name = name
        // A UTF-8 byte order mark from a Windows editor is harmless.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    mutating func parse() throws(FontError) {
        repeat {
            guard readLine() else {
                throw FontError(file: name, line: nil, kind: .empty, detail: "file is empty")
            }
        } while fields.isEmpty
        guard word == .startFont else {
            throw error(.notAFont, "not a BDF font: expected STARTFONT, found \(FontError.quote(bytes[line]))")
        }
        var inHeader = true
        while readLine() {
            switch word {
            case .fontBoundingBox where inHeader:
                fontBox = try boundingBox()
            case .fontAscent where inHeader:
                fontAscent = (try size(field: 1, limit: Glyph.maximumHeight, unit: "rows"), lineNumber)
            case .fontDescent where inHeader:
                fontDescent = (try size(field: 1, limit: Glyph.maximumHeight, unit: "rows"), lineNumber)
            case .dWidth where inHeader:
                defaultAdvance = try size(field: 1, limit: BDFFont.maximumWidth, unit: "columns")
            case .chars:
                glyphs.reserveCapacity(try size(field: 1, limit: BDFFont.maximumGlyphs, unit: "glyphs"))
            case .startChar:
                if inHeader {
                    try settleLineBox()
                    inHeader = false
                }
                try parseGlyph()
            case .endFont:
                guard !inHeader else { throw error(.syntax, "font has no glyphs") }
                return
            default:
                continue
            }
        }
        throw FontError(
            file: name, line: max(lineNumber, 1), kind: .truncated,
            detail: "file ends without ENDFONT")
    }

    /// Fixes the line box once the header is over, so every glyph is
    /// placed in the same one.
    private mutating func settleLineBox() throws(FontError) {
        let ascent = fontAscent?.value ?? fontBox.map { max(0, $0.height + $0.y) }
        let descent = fontDescent?.value ?? fontBox.map { max(0, -$0.y) }
        guard let ascent, let descent else {
            throw error(.syntax, "no FONT_ASCENT/FONT_DESCENT or FONTBOUNDINGBOX before the first glyph")
        }
        let declaredOn = max(fontAscent?.line ?? 0, fontDescent?.line ?? 0, fontBox?.line ?? 0)
        let line = declaredOn > 0 ? declaredOn : lineNumber
        guard ascent + descent <= Glyph.maximumHeight else {
            throw FontError(
                file: name, line: line, kind: .sizeOutOfRange,
                detail: "line box of \(ascent + descent) rows (ascent \(ascent) + descent \(descent)) exceeds \(Glyph.maximumHeight)")
        }
        guard ascent + descent > 0 else {
            throw FontError(file: name, line: line, kind: .sizeOutOfRange, detail: "line box has no rows")
        }
        lineAscent = ascent
        lineDescent = descent
    }

    /// Reads from just after `STARTCHAR` through `ENDCHAR`.
    private mutating func parseGlyph() throws(FontError) {
        let startLine = lineNumber
        // Quoted only when a message needs it: most glyphs never do.
        let nameBytes = fields.count > 1 ? fields[1].lowerBound..<line.upperBound : line.upperBound..<line.upperBound
        var glyphName: String { FontError.quote(bytes[nameBytes]) }
        glyphsSeen += 1
        guard glyphsSeen <= glyphLimit else {
            throw error(.sizeOutOfRange, "more than \(glyphLimit) glyphs")
        }
        func truncated() -> FontError {
            FontError(
                file: name, line: startLine, kind: .truncated,
                detail: "glyph \(glyphName) has no ENDCHAR")
        }
        var encoding: Int?
        var advance: Int?
        var box: BoundingBox?
        var columns: [UInt64]?
        while true {
            guard readLine() else { throw truncated() }
            switch word {
            case .encoding:
                encoding = try number(field: 1)
            case .dWidth:
                advance = try size(field: 1, limit: BDFFont.maximumWidth, unit: "columns")
            case .bbx:
                box = try boundingBox()
            case .bitmap:
                guard let bitmapBox = box ?? fontBox.map({ BoundingBox(width: $0.width, height: $0.height, x: $0.x, y: $0.y, line: lineNumber) }) else {
                    throw error(.syntax, "glyph \(glyphName) has no BBX and the font no FONTBOUNDINGBOX")
                }
                columns = try readBitmap(bitmapBox, advance: advance ?? defaultAdvance ?? fontBox?.width, nameBytes: nameBytes)
                guard word == .endChar else { throw truncated() }
                fallthrough
            case .endChar:
                if columns == nil, let box, box.height > 0 {
                    throw FontError(
                        file: name, line: box.line, kind: .bitmapRowCount,
                        detail: "BBX height \(box.height) does not match 0 bitmap rows")
                }
                let finalColumns = columns
                    ?? [UInt64](repeating: 0, count: advance ?? defaultAdvance ?? fontBox?.width ?? 0)
                advances.append(finalColumns.count)
                if let encoding, encoding >= 0, encoding <= UInt32.max, let scalar = Unicode.Scalar(UInt32(encoding)),
                   glyphs[scalar.value] == nil {
                    glyphs[scalar.value] = Glyph(columns: finalColumns, ascent: lineAscent, descent: lineDescent)
                }
                return
            case .startChar, .endFont:
                throw truncated()
            default:
                continue
            }
        }
    }

    /// Reads bitmap rows up to `ENDCHAR` and paints them into the line box.
    private mutating func readBitmap(_ box: BoundingBox, advance: Int?, nameBytes: Range<Int>) throws(FontError) -> [UInt64] {
        // A negative x offset would put pixels left of column 0; shift the
        // glyph right instead of losing them.
        let shift = max(0, -box.x)
        let width = max((advance ?? 0) + shift, box.x + shift + box.width)
        guard width <= BDFFont.maximumWidth else {
            throw FontError(
                file: name, line: box.line, kind: .sizeOutOfRange,
                detail: "glyph \(FontError.quote(bytes[nameBytes])) is \(width) columns wide, more than \(BDFFont.maximumWidth)")
        }
        var columns = [UInt64](repeating: 0, count: width)
        let height = lineAscent + lineDescent
        // Line-box row of bitmap row 0: the bitmap's bottom row sits `y` rows
        // above the baseline, and the baseline is under row `ascent - 1`.
        let topRow = lineAscent - box.y - box.height
        var rows = 0
        while readLine() {
            if fields.isEmpty { continue }
            switch word {
            case .endChar:
                guard rows == box.height else {
                    throw FontError(
                        file: name, line: box.line, kind: .bitmapRowCount,
                        detail: "BBX height \(box.height) does not match \(rows) bitmap rows")
                }
                return columns
            case .startChar, .endFont:
                return columns
            default:
                break
            }
            guard fields.count == 1 else {
                throw error(.badHexDigit, "bad hex digits in bitmap row \(FontError.quote(bytes[line]))")
            }
            let digits = fields[0]
            for index in digits where FontHex.value(bytes[index]) > 15 {
                throw error(.badHexDigit, "bad hex digit \(FontError.quote(bytes[index..<index + 1])) in bitmap row \(FontError.quote(bytes[digits]))")
            }
            let row = topRow + rows
            rows += 1
            guard rows <= box.height, row >= 0, row < height else { continue }
            // Missing trailing digits read as blank pixels, as in other BDF readers.
            let available = min(digits.count, (box.width + 3) / 4)
            for digit in 0..<available {
                let value = FontHex.value(bytes[digits.lowerBound + digit])
                guard value != 0 else { continue }
                for bit in 0..<4 where value >> (3 - bit) & 1 == 1 {
                    let x = digit * 4 + bit
                    if x < box.width {
                        columns[box.x + shift + x] |= 1 << UInt64(row)
                    }
                }
            }
        }
        return columns // end of file: the caller reports the truncation
    }

    // MARK: Fields

    /// The current line's keyword as text, for messages.
    private var keyword: String {
        guard let first = fields.first else { return "" }
        return String(decoding: bytes[first], as: UTF8.self)
    }

    private func error(_ kind: FontError.Kind, _ detail: String) -> FontError {
        FontError(file: name, line: lineNumber, kind: kind, detail: detail)
    }

    private func number(field: Int) throws(FontError) -> Int {
        guard field < fields.count else {
            throw error(.syntax, "\(keyword) has too few numbers")
        }
        let text = bytes[fields[field]]
        var digits = text[...]
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw error(.syntax, "\(keyword) expects a number, found \(FontError.quote(text))")
        }
        // Nine digits cannot overflow, and no sane font needs more.
        guard digits.count <= 9 else {
            throw error(.sizeOutOfRange, "\(keyword) value \(FontError.quote(text)) is absurdly large")
        }
        let magnitude = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return negative ? -magnitude : magnitude
    }

    /// A non-negative number up to `limit`; `suffix` names which of the
    /// line's numbers it is in messages ("BBX height").
    private func size(field: Int, limit: Int, unit: String, suffix: String = "") throws(FontError) -> Int {
        let value = try number(field: field)
        var what: String { keyword + suffix }
        guard value >= 0 else {
            throw error(.sizeOutOfRange, "\(what) \(value) is negative")
        }
        guard value <= limit else {
            throw error(.sizeOutOfRange, "\(what) \(value) exceeds \(limit) \(unit)")
        }
        return value
    }

    private func boundingBox() throws(FontError) -> BoundingBox {
        let width = try size(field: 1, limit: BDFFont.maximumWidth, unit: "columns", suffix: " width")
        let height = try size(field: 2, limit: Glyph.maximumHeight, unit: "rows", suffix: " height")
        let x = try number(field: 3)
        let y = try number(field: 4)
        guard abs(x) <= BDFFont.maximumWidth, abs(y) <= BDFFont.maximumWidth else {
            throw error(.sizeOutOfRange, "\(keyword) offset \(x) \(y) is out of range")
        }
        return BoundingBox(width: width, height: height, x: x, y: y, line: lineNumber)
    }

    /// Advances to the next line and splits it into fields; false at the end.
    private mutating func readLine() -> Bool {
        guard position < bytes.count else { return false }
        lineNumber += 1
        let start = position
        // Scanning through a buffer pointer keeps this loop, which sees
        // every byte of the file, free of per-byte bounds checks.
        let (end, next, fields) = bytes.withUnsafeBufferPointer { buffer in
            var end = start
            while end < buffer.count, buffer[end] != UInt8(ascii: "\n") { end += 1 }
            let next = end + 1
            if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            var fields = LineFields()
            var index = start
            while index < end {
                while index < end, buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t") { index += 1 }
                let fieldStart = index
                while index < end, buffer[index] != UInt8(ascii: " "), buffer[index] != UInt8(ascii: "\t") { index += 1 }
                if index > fieldStart { fields.append(fieldStart..<index) }
            }
            return (end, next, fields)
        }
        position = next
        line = start..<end
        self.fields = fields
        word = fields.first.map { Keyword(bytes[$0]) } ?? .other
        return true
    }
}

/// The whitespace-separated fields of one line, kept inline so splitting a
/// line allocates nothing. Only the first five are stored (no keyword the
/// parser reads has more); `count` still counts them all.
private struct LineFields {
    private(set) var count = 0
    private var stored: (Range<Int>, Range<Int>, Range<Int>, Range<Int>, Range<Int>) = (0..<0, 0..<0, 0..<0, 0..<0, 0..<0)

    var isEmpty: Bool { count == 0 }
    var first: Range<Int>? { count > 0 ? stored.0 : nil }

    subscript(index: Int) -> Range<Int> {
        switch index {
        case 0: stored.0
        case 1: stored.1
        case 2: stored.2
        case 3: stored.3
        case 4: stored.4
        default: preconditionFailure("only five fields are kept")
        }
    }

    mutating func append(_ field: Range<Int>) {
        switch count {
        case 0: stored.0 = field
        case 1: stored.1 = field
        case 2: stored.2 = field
        case 3: stored.3 = field
        case 4: stored.4 = field
        default: break
        }
        count += 1
    }
}
