@testable import MarqueeApp
import MarqueeCore

/// Font files through FreeType as `--font` opens them, from memory
/// (`FreeTypeFace(bytes:)`, the C wrapper's `lm_face_open_memory`): the
/// bytes opened as a face at 7, 16 and 64 rows, a set of characters drawn,
/// kerned and laid out. Invariants: an error is one clean line naming the
/// file; a face's line box fits its line height; every glyph is in that
/// box and at most `FreeTypeFace.maximumAdvance` columns; kerning is
/// bounded; a layout's width is bounded by its glyphs' caps.

/// ASCII, a CJK character, an emoji, U+0000, the last code point, and a
/// few the fallback chain meets (NBSP, é, U+FFFD).
let probes: [Unicode.Scalar] = (0x20...0x7E).compactMap(Unicode.Scalar.init)
    + ["日", "\u{1F600}", "\u{0}", "\u{10FFFF}", "\u{A0}", "é", "\u{FFFD}"]
let heights = [7, 16, 64]
/// Pairs whose kerning is asked: the usual kerned ones and the probes' ends.
let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [("A", "V"), ("V", "A"), ("T", "o"), ("W", "a"), ("日", "\u{1F600}"),
                                                 ("\u{0}", "\u{10FFFF}"), ("L", "T")]
let sample = "AVATAR To WAVE 日\u{1F600}\u{0}\u{10FFFF} fi"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    for height in heights {
        let face: FreeTypeFace
        do {
            face = try FreeTypeFace(bytes: bytes, name: "fuzz.ttf", lineHeight: height)
        } catch {
            let text = error.description
            require(text.hasPrefix("fuzz.ttf: "), "a font error names the file first", text)
            require([.notAFont, .damaged, .unreadable].contains(error.kind), "a font error's kind", "\(error.kind)")
            requireSafeMessage(text, "font error")
            continue
        }
        checkFace(face, height: height)
    }
    return 0
}

func checkFace(_ face: FreeTypeFace, height: Int) {
    let box = face.ascent + face.descent
    require(face.ascent >= 1 && face.descent >= 0, "line box has no negative part", "\(face.ascent)/\(face.descent)")
    require(box <= face.lineHeight && face.lineHeight <= Glyph.maximumHeight,
            "ascent + descent <= line height <= \(Glyph.maximumHeight)", "\(face.ascent)+\(face.descent) in \(face.lineHeight)")
    // An outline face is drawn at the height asked; a bitmap face's strike
    // may only be taller when it is its smallest.
    require(face.isScalable ? face.lineHeight == height : face.lineHeight >= height,
            "line height is the height asked", "\(face.lineHeight) for \(height)")
    require((1...FreeTypeFace.maximumAdvance).contains(face.spaceAdvance), "space advance", "\(face.spaceAdvance)")
    for scalar in probes {
        guard let glyph = face.glyph(for: scalar) else { continue }
        let name = "U+\(String(scalar.value, radix: 16))"
        require(glyph.height <= Glyph.maximumHeight, "glyph \(name) at most \(Glyph.maximumHeight) rows", "\(glyph.height)")
        require(glyph.ascent == face.ascent && glyph.descent == face.descent, "glyph \(name) is in the face's line box")
        require(glyph.advance <= FreeTypeFace.maximumAdvance, "glyph \(name) at most \(FreeTypeFace.maximumAdvance) columns",
                "\(glyph.advance)")
        if box < 64 {
            require(glyph.columns.allSatisfy { $0 >> UInt64(box) == 0 }, "glyph \(name) has no pixel below its line box")
            if let levels = glyph.levels {
                require((levels.low + levels.high).allSatisfy { $0 >> UInt64(box) == 0 },
                        "glyph \(name) has no brightness step below its line box")
            }
        }
        if let levels = glyph.levels {
            require(levels.low.count == glyph.columns.count && levels.high.count == glyph.columns.count,
                    "glyph \(name)'s brightness steps are as wide as it")
            require(glyph.columns.indices.allSatisfy { (levels.low[$0] | levels.high[$0]) & glyph.columns[$0] == 0 },
                    "glyph \(name)'s stepped LEDs are not lit ones")
        }
        require(face.glyph(for: scalar) == glyph, "glyph \(name) is stable")
    }
    for (left, right) in pairs {
        let kerning = face.kerning(left, right)
        require(abs(kerning) <= FreeTypeFace.maximumAdvance, "kerning at most \(FreeTypeFace.maximumAdvance)", "\(kerning)")
        require(face.kerning(left, right) == kerning, "kerning is stable")
    }
    let layout = TextLayout(text: sample, font: face)
    let cells = sample.unicodeScalars.count
    require(layout.width <= cells * FreeTypeFace.maximumAdvance + (cells - 1) * Glyph.maximumHeight,
            "a layout is no wider than its glyphs' and gaps' caps", "\(layout.width)")
    require(layout.height <= Glyph.maximumHeight, "a layout is at most \(Glyph.maximumHeight) rows", "\(layout.height)")
    if layout.height < 64 {
        for x in stride(from: 0, to: layout.width, by: 1) where layout.column(at: x) >> UInt64(layout.height) != 0 {
            broken("a layout column has a pixel below its line box", "\(x)")
        }
    }
}
