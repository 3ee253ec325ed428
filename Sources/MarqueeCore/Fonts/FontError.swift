/// Why a font file could not be used, with the file and line to look at.
///
/// The description is one line in the style of a compiler diagnostic, ready
/// for stderr:
///
/// ```swift
/// FontError(file: "font.bdf", line: 12, kind: .bitmapRowCount,
///           detail: "BBX height 99 does not match 3 bitmap rows").description
/// // "font.bdf:12: BBX height 99 does not match 3 bitmap rows"
/// ```
public struct FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of problem, so callers and tests can react without
    /// parsing the message.
    public enum Kind: Sendable, Equatable, CaseIterable {
        /// The file has no content at all (or only blank lines).
        case empty
        /// The content is neither BDF nor Unifont `.hex` (an image, prose, …).
        case notAFont
        /// The file stops inside a glyph or before `ENDFONT`.
        case truncated
        /// A bitmap holds something other than hexadecimal digits.
        case badHexDigit
        /// A glyph's `BBX` height disagrees with its number of bitmap rows.
        case bitmapRowCount
        /// A size or count is negative or beyond what a LED sign can show.
        case sizeOutOfRange
        /// A line does not follow the format's grammar.
        case syntax
        /// A binary font (TrueType, OpenType, WOFF, PCF) by its first
        /// bytes, which FreeType cannot read: truncated or corrupt.
        case damaged
        /// The file is larger than the loader is willing to read.
        case tooLarge
        /// The operating system refused to give us the bytes.
        case unreadable
    }

    /// The file as the user named it.
    public var file: String
    /// 1-based line the problem was found on; `nil` when it concerns the
    /// whole file (empty, too large, unreadable).
    public var line: Int?
    public var kind: Kind
    /// Human explanation without the file and line prefix.
    public var detail: String

    public init(file: String, line: Int?, kind: Kind, detail: String) {
        self.file = file
        self.line = line
        self.kind = kind
        self.detail = detail
    }

    public var description: String {
        // Paths and details may carry bytes from a hostile file; keep the
        // diagnostic on one line and free of terminal escapes.
        let place = FontError.printable(file)
        if let line {
            return "\(place):\(line): \(FontError.printable(detail))"
        }
        return "\(place): \(FontError.printable(detail))"
    }

    /// Renders text with control characters escaped, so a font's glyph
    /// names or a file name can never reach the terminal raw.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\x" + hex2(UInt8(scalar.value))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Quotes up to `limit` bytes of a file for a message: printable ASCII
    /// as is, anything else as `\xNN`, so binary junk stays readable.
    static func quote<Bytes: Collection>(_ bytes: Bytes, limit: Int = 24) -> String
    where Bytes.Element == UInt8 {
        var result = "\""
        for byte in bytes.prefix(limit) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "\\x" + hex2(byte)
            }
        }
        result += bytes.count > limit ? "…\"" : "\""
        return result
    }

    private static func hex2(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
