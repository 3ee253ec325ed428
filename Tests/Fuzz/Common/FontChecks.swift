import MarqueeCore

// The font invariants, shared by the BDF and the Unifont .hex harnesses
// (both enter through FontParser.parse, which picks the parser).

/// Parses `bytes` as the file `name` and checks what comes out: a font with
/// a bounded line box whose every glyph sits in it, or a one-line error.
/// `probes` are code points the input mentions, looked up on top of a fixed
/// range (a .hex font decodes a glyph only when it is asked for).
func checkFont(_ bytes: [UInt8], name: String, probes: [UInt32]) {
    let font: any FontFace
    do {
        font = try FontParser.parse(bytes: bytes, name: name)
    } catch {
        let text = error.description
        require(text.hasPrefix(name + ":"), "font error names the file first", text)
        require(!text.unicodeScalars.contains(where: isC0orC1), "font error holds a C0/C1 control", text)
        if let line = error.line { require(line >= 1, "font error line is 1-based", text) }
        requireSafeMessage(text, "font error")
        return
    }
    let height = font.ascent + font.descent
    require(font.ascent >= 0 && font.descent >= 0, "line box has a negative part", "\(font.ascent)/\(font.descent)")
    require((1...Glyph.maximumHeight).contains(height), "line box height within 1...\(Glyph.maximumHeight)", "\(height)")
    require((0...BDFFont.maximumWidth).contains(font.spaceAdvance), "space advance within 0...\(BDFFont.maximumWidth)",
            "\(font.spaceAdvance)")
    require(font.glyph(for: " ") != nil, "a parsed font always has a space (synthesised if missing)")

    var seen = Set<UInt32>()
    for value in Array(0..<0x180) + probes + [0xA0, 0xFFFD, 0x10FFFF] where seen.insert(value).inserted {
        guard let scalar = Unicode.Scalar(value), let glyph = font.glyph(for: scalar) else { continue }
        require(glyph.ascent == font.ascent && glyph.descent == font.descent,
                "glyph U+\(String(value, radix: 16)) is in the font's line box")
        require(glyph.advance <= BDFFont.maximumWidth, "glyph U+\(String(value, radix: 16)) at most \(BDFFont.maximumWidth) wide",
                "\(glyph.advance)")
        if height < 64 {
            require(glyph.columns.allSatisfy { $0 >> UInt64(height) == 0 },
                    "glyph U+\(String(value, radix: 16)) has no pixel below its line box")
        }
        // Asked twice, a glyph is the same (the .hex font caches the first answer).
        require(font.glyph(for: scalar) == glyph, "glyph U+\(String(value, radix: 16)) is stable")
    }
}

/// Numbers the input gives after `keyword` (BDF `ENCODING n`) or, with a nil
/// keyword, the hex code point that starts each line (`0041:…`); at most 64.
func mentionedCodePoints(_ bytes: [UInt8], keyword: String?) -> [UInt32] {
    var result: [UInt32] = []
    for line in bytes.split(separator: UInt8(ascii: "\n")) where result.count < 64 {
        var digits = line[...]
        let radix: UInt32
        if let keyword {
            guard line.starts(with: keyword.utf8) else { continue }
            digits = line.dropFirst(keyword.utf8.count).drop { $0 == UInt8(ascii: " ") }
            radix = 10
        } else {
            radix = 16
        }
        var value: UInt32 = 0
        var count = 0
        for byte in digits.prefix(7) {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: digit = 99
            }
            guard digit < radix else { break }
            value = value * radix + digit
            count += 1
        }
        if count > 0 { result.append(value) }
    }
    return result
}
