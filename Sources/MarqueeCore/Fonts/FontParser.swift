/// Turns the bytes of a font file into a ready font, choosing the parser
/// from the content and the file name; the app reads the file, this decides
/// what it is, so the decision is testable without a file system.
///
/// ```swift
/// let font = try FontParser.parse(bytes: bytes, name: "unifont.hex")
/// font.glyph(for: " ") // never nil: a missing space is synthesised
/// ```
public enum FontParser {
    /// The font formats ledmarquee reads.
    public enum Format: Sendable, Equatable {
        case bdf
        case unifontHex
    }

    /// Which parser fits: content starting with `STARTFONT` is BDF whatever
    /// its name; a `.hex` name, or a first line shaped like `0041:…`, is
    /// Unifont; anything else is refused.
    public static func format(of bytes: [UInt8], name: String) throws(FontError) -> Format {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        while start < bytes.count, isBlank(bytes[start]) {
            if bytes[start] == UInt8(ascii: "\n") { line += 1 }
            start += 1
        }
        guard start < bytes.count else {
            throw FontError(file: name, line: nil, kind: .empty, detail: "file is empty")
        }
        let content = bytes[start...]
        if content.starts(with: "STARTFONT".utf8) { return .bdf }
        if name.lowercased().hasSuffix(".hex") || looksLikeHexLine(content) { return .unifontHex }
        let firstLine = content.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        throw FontError(
            file: name, line: line, kind: .notAFont,
            detail: "not a BDF or .hex font (it starts \(FontError.quote(firstLine, limit: 16)))")
    }

    /// Parses a BDF or Unifont `.hex` font, wrapped so a missing space glyph
    /// is synthesised.
    public static func parse(bytes: [UInt8], name: String) throws(FontError) -> any FontFace {
        switch try format(of: bytes, name: name) {
        case .bdf:
            return SpaceSynthesizingFont(try BDFFont(bytes: bytes, name: name))
        case .unifontHex:
            return SpaceSynthesizingFont(try UnifontHexFont(bytes: bytes, name: name))
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// One to six hex digits, a colon, a hex digit.
    private static func looksLikeHexLine(_ bytes: ArraySlice<UInt8>) -> Bool {
        let digits = bytes.prefix { FontHex.value($0) < 16 }
        guard (1...6).contains(digits.count), digits.endIndex + 1 < bytes.endIndex else { return false }
        return bytes[digits.endIndex] == UInt8(ascii: ":") && FontHex.value(bytes[digits.endIndex + 1]) < 16
    }
}
