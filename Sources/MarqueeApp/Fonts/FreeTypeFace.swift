import CLazyLibraries
import MarqueeCore
import Synchronization

/// An installed font drawn by FreeType at the sign's own resolution
/// (docs/display.md, "Fonts"): each glyph rasterised `lineHeight` pixels
/// tall, one pixel an LED, lit where the glyph covers it enough. Scalable
/// fonts (TrueType, OpenType) are sized so ascender and descender fill the
/// height; bitmap fonts (OTB, PCF, Terminus) use their nearest size.
///
/// A font file is hostile input (docs/limits.md): only a regular
/// file of at most ``FontLoader/maximumFileSize`` is opened, a glyph is at
/// most ``maximumAdvance`` columns, and one drawn larger than
/// `LM_GLYPH_MAX_PIXELS` either way is not drawn at all.
final class FreeTypeFace: ResizableFace {
    let name: String
    /// The height asked for; a bitmap font whose smallest strike is taller
    /// is drawn at that strike, and this is its height.
    let lineHeight: Int
    let ascent: Int
    let descent: Int
    let spaceAdvance: Int
    /// An outline font (drawn at any height), not a bitmap font's strike.
    let isScalable: Bool
    /// The font has a `kern` table FreeType reads.
    let hasKerning: Bool
    private let origin: Origin

    /// Coverage (of 255) from which an LED is lit. Outlines are hinted and
    /// drawn one bit a pixel (FT_RENDER_MODE_MONO: stems snap to whole
    /// LEDs), so this only matters for a bitmap strike with grey levels;
    /// the outline's grey rendering only adds steps to the LEDs left dark.
    static let threshold: UInt8 = 128

    /// The most columns a glyph takes, its advance included: a hostile
    /// font may claim a 60,000-pixel advance, and a layout's width is the
    /// sum of its glyphs'. The same bound as a BDF glyph's; at the tallest
    /// line box, 64 rows, it is four em.
    static let maximumAdvance = BDFFont.maximumWidth

    /// Kerning pairs kept per face: a long CJK message has many distinct
    /// pairs, most of them unkerned, so the cache is emptied when full.
    static let kerningCacheLimit = 16_384

    /// Where the face's bytes come from, to open it again at another height.
    private enum Origin: Sendable {
        case file(path: String, index: Int)
        case bytes([UInt8], name: String, index: Int)
    }

    /// FreeType's faces are not thread-safe; glyphs are drawn once and kept.
    private let state: Mutex<State>

    private struct State {
        let face: OpaquePointer
        var glyphs: [UInt32: Glyph?] = [:]
        /// Each pair's kerning in pixels, keyed by the two code points.
        var kerning: [UInt64: Int] = [:]
    }

    /// Opens face `index` of the font at `path`, `lineHeight` pixels tall
    /// (at most `Glyph.maximumHeight`).
    convenience init(path: String, index: Int = 0, lineHeight: Int) throws(FontError) {
        try self.init(origin: .file(path: path, index: index), lineHeight: lineHeight)
    }

    /// Opens face `index` of a font held in memory (the fuzz target's
    /// bytes), named `name` in errors.
    convenience init(bytes: [UInt8], name: String, index: Int = 0, lineHeight: Int) throws(FontError) {
        try self.init(origin: .bytes(bytes, name: name, index: index), lineHeight: lineHeight)
    }

    private init(origin: Origin, lineHeight: Int) throws(FontError) {
        let file = switch origin {
        case .file(let path, _): path
        case .bytes(_, let name, _): name
        }
        var message = [CChar](repeating: 0, count: 320)
        if lm_load_freetype(&message, message.count) != 0 {
            throw FontError(file: file, line: nil, kind: .unreadable, detail: String(cBuffer: message))
        }
        let height = max(1, min(Glyph.maximumHeight, lineHeight))
        var failure = lm_face_failure()
        let opened: OpaquePointer? = switch origin {
        case .file(let path, let index):
            lm_face_open(path, index, Int32(height), FontLoader.maximumFileSize, &failure)
        case .bytes(let bytes, _, let index):
            // The C side wants an address even for no bytes.
            (bytes.isEmpty ? [0] : bytes).withUnsafeBufferPointer {
                lm_face_open_memory($0.baseAddress!, bytes.count, index, Int32(height), &failure)
            }
        }
        guard let face = opened else { throw FreeTypeFace.error(failure, file: file) }
        var up: Int32 = 0, down: Int32 = 0
        lm_face_metrics(face, &up, &down)
        isScalable = lm_face_is_scalable(face) == 1
        // An outline face's box is the height asked: its ascender and
        // descender, each rounded outwards, can come to a row more, and the
        // descender gives way. A bitmap strike keeps its own box (its
        // smallest may be taller than asked: cut, its letters would lose
        // their feet), at most 64 rows.
        let box = isScalable ? height : Glyph.maximumHeight
        ascent = max(1, min(box, Int(up)))
        descent = max(0, min(box - ascent, Int(down)))
        self.lineHeight = isScalable ? height : max(height, ascent + descent)
        self.origin = origin
        hasKerning = lm_face_has_kerning(face) == 1
        name = String(cString: lm_face_name(face))
        state = Mutex(State(face: face))
        spaceAdvance = max(1, (ascent + descent) / 4)
    }

    /// The one-line reason a face could not be opened, in the words the
    /// text formats' loader uses for the same failures.
    private static func error(_ failure: lm_face_failure, file: String) -> FontError {
        func unreadable(_ error: Platform.ReadError) -> FontError {
            FontError(file: file, line: nil, kind: error == .tooLarge ? .tooLarge : .unreadable,
                      detail: "cannot read font: \(error.reason(limit: FontLoader.maximumFileSize))")
        }
        switch Int(failure.reason) {
        case LM_FACE_SYSTEM: return unreadable(.system(failure.code))
        case LM_FACE_DIRECTORY: return unreadable(.directory)
        case LM_FACE_NOT_REGULAR: return unreadable(.notRegularFile)
        case LM_FACE_TOO_LARGE: return unreadable(.tooLarge)
        case LM_FACE_DAMAGED:
            let format = failure.format.map { String(cString: $0) + " " } ?? ""
            // FreeType's "unknown file format" says less than the sentence.
            let hex = String(failure.code, radix: 16, uppercase: true)
            let code = failure.code == 2 ? "" : " (FreeType error 0x\(hex.count < 2 ? "0" + hex : hex))"
            return FontError(file: file, line: nil, kind: .damaged,
                             detail: "damaged or truncated \(format)font: FreeType cannot read it\(code)")
        case LM_FACE_NO_SIZE:
            return FontError(file: file, line: nil, kind: .damaged, detail: "the font has no size to draw at")
        case LM_FACE_NO_MEMORY:
            return FontError(file: file, line: nil, kind: .unreadable, detail: "cannot open font: out of memory")
        default:
            return FontError(file: file, line: nil, kind: .notAFont, detail: "not a font FreeType reads")
        }
    }

    func resized(lineHeight: Int) -> (any ResizableFace)? {
        try? FreeTypeFace(origin: origin, lineHeight: lineHeight)
    }

    deinit {
        state.withLock { lm_face_close($0.face) }
    }

    func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        state.withLock { state in
            if let known = state.glyphs[scalar.value] { return known }
            let drawn = draw(scalar.value, face: state.face)
            state.glyphs[scalar.value] = drawn
            return drawn
        }
    }

    /// The font's pair kerning in whole pixels (negative: closer), read once
    /// per pair; 0 for a font without it. The layout applies it
    /// (``TextLayout``), never letting inks collide.
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int {
        guard hasKerning else { return 0 }
        let key = UInt64(left.value) << 32 | UInt64(right.value)
        return state.withLock { state in
            if let known = state.kerning[key] { return known }
            let value = Int(lm_face_kerning(state.face, left.value, right.value))
            let bounded = max(-FreeTypeFace.maximumAdvance, min(FreeTypeFace.maximumAdvance, value))
            if state.kerning.count >= FreeTypeFace.kerningCacheLimit { state.kerning.removeAll(keepingCapacity: true) }
            state.kerning[key] = bounded
            return bounded
        }
    }

    /// The glyph as LED columns: each pixel of the line box lit where the
    /// coverage reaches `threshold`; its advance is the pen's (at least its
    /// ink's width, so nothing is cut, at most ``maximumAdvance``), and one
    /// more when its ink reaches its last column: hinted small sizes draw
    /// `m`, `w`, `M` edge to edge, and LEDs have no subpixels to keep two
    /// such letters apart. An outline's LEDs the threshold leaves dark are
    /// drawn again in grey and kept as brightness steps (``GlyphLevels``).
    private func draw(_ codepoint: UInt32, face: OpaquePointer) -> Glyph? {
        var bitmap = lm_glyph()
        guard lm_face_glyph(face, codepoint, &bitmap) == 1 else { return nil }
        let left = max(0, Int(bitmap.left))
        let width = max(0, min(FreeTypeFace.maximumAdvance, max(Int(bitmap.advance), left + Int(bitmap.width))))
        var columns = [UInt64](repeating: 0, count: width)
        visit(bitmap, width: width) { x, row, coverage in
            if coverage >= FreeTypeFace.threshold { columns[x] |= 1 << UInt64(row) }
        }
        if let last = columns.last, last != 0, columns.count < FreeTypeFace.maximumAdvance { columns.append(0) }
        let levels = isScalable ? grey(codepoint, face: face, lit: columns) : nil
        return Glyph(columns: columns, ascent: ascent, descent: descent, levels: levels)
    }

    /// The brightness steps of the LEDs of `lit`'s glyph that its grey
    /// coverage (the same hinted outline) lights in part; nil when none.
    private func grey(_ codepoint: UInt32, face: OpaquePointer, lit: [UInt64]) -> GlyphLevels? {
        var bitmap = lm_glyph()
        guard lm_face_glyph_rendered(face, codepoint, Int32(LM_RENDER_GREY), &bitmap) == 1 else { return nil }
        var levels = GlyphLevels(low: [UInt64](repeating: 0, count: lit.count),
                                 high: [UInt64](repeating: 0, count: lit.count))
        var any = false
        visit(bitmap, width: lit.count) { x, row, coverage in
            let bit = UInt64(1) << UInt64(row)
            let step = GlyphLevels.step(coverage: coverage)
            guard lit[x] & bit == 0, step > 0 else { return }
            if step & 1 != 0 { levels.low[x] |= bit }
            if step & 2 != 0 { levels.high[x] |= bit }
            any = true
        }
        return any ? levels : nil
    }

    /// Calls `pixel` with the column, line-box row and coverage of each of
    /// `bitmap`'s pixels that falls inside the glyph's `width` columns and
    /// the line box.
    private func visit(_ bitmap: lm_glyph, width: Int, _ pixel: (Int, Int, UInt8) -> Void) {
        guard let buffer = bitmap.buffer else { return }
        let left = max(0, Int(bitmap.left))
        for y in 0..<Int(bitmap.rows) {
            let row = ascent - Int(bitmap.top) + y
            guard row >= 0, row < ascent + descent else { continue }
            for x in 0..<max(0, min(Int(bitmap.width), width - left)) {
                pixel(left + x, row, buffer[y * Int(bitmap.pitch) + x])
            }
        }
    }
}
