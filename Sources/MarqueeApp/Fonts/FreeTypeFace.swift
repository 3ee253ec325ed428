import CLazyLibraries
import MarqueeCore
import Synchronization

/// An installed font drawn by FreeType at the sign's own resolution
/// (docs/display.md, "Fonts"): each glyph rasterised `lineHeight` pixels
/// tall, one pixel an LED, lit where the glyph covers it enough. Scalable
/// fonts (TrueType, OpenType) are sized so ascender and descender fill the
/// height; bitmap fonts (OTB, PCF, Terminus) use their nearest size.
final class FreeTypeFace: ResizableFace {
    let name: String
    let lineHeight: Int
    private let path: String
    private let index: Int
    let ascent: Int
    let descent: Int
    let spaceAdvance: Int

    /// Coverage (of 255) from which an LED is lit. Outlines are hinted and
    /// drawn one bit a pixel (FT_RENDER_MODE_MONO: stems snap to whole
    /// LEDs), so this only matters for a bitmap strike with grey levels.
    static let threshold: UInt8 = 128

    /// FreeType's faces are not thread-safe; glyphs are drawn once and kept.
    private let state: Mutex<State>

    private struct State {
        let face: OpaquePointer
        var glyphs: [UInt32: Glyph?] = [:]
    }

    /// Opens face `index` of the font at `path`, `lineHeight` pixels tall
    /// (at most `Glyph.maximumHeight`).
    init(path: String, index: Int = 0, lineHeight: Int) throws(FontError) {
        var message = [CChar](repeating: 0, count: 320)
        if lm_load_freetype(&message, message.count) != 0 {
            throw FontError(file: path, line: nil, kind: .unreadable, detail: FreeTypeFace.text(message))
        }
        let height = max(1, min(Glyph.maximumHeight, lineHeight))
        self.path = path
        self.index = index
        self.lineHeight = height
        guard let face = lm_face_open(path, index, Int32(height), &message, message.count) else {
            throw FontError(file: path, line: nil, kind: .notAFont, detail: FreeTypeFace.text(message))
        }
        var up: Int32 = 0, down: Int32 = 0
        lm_face_metrics(face, &up, &down)
        // The line box holds the height asked (FreeType's rounded metrics
        // can make it one more) and at most 64 rows: descenders give way
        // first. A bitmap face's smallest strike may be taller than asked:
        // it keeps its own box.
        let box = lm_face_is_scalable(face) != 0 ? height : Glyph.maximumHeight
        ascent = max(1, min(box, Int(up)))
        descent = max(0, min(box - ascent, Int(down)))
        name = FreeTypeFace.text(lm_face_name(face))
        state = Mutex(State(face: face))
        spaceAdvance = max(1, (ascent + descent) / 4)
    }

    func resized(lineHeight: Int) -> (any ResizableFace)? {
        try? FreeTypeFace(path: path, index: index, lineHeight: lineHeight)
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

    /// The glyph as LED columns: each pixel of the line box lit where the
    /// coverage reaches `threshold`; its advance is the pen's (at least its
    /// ink's width, so nothing is cut), and one more when its ink reaches
    /// its last column: hinted small sizes draw `m`, `w`, `M` edge to edge,
    /// and LEDs have no subpixels to keep two such letters apart.
    private func draw(_ codepoint: UInt32, face: OpaquePointer) -> Glyph? {
        var bitmap = lm_glyph()
        guard lm_face_glyph(face, codepoint, &bitmap) == 1 else { return nil }
        let left = max(0, Int(bitmap.left))
        let width = max(Int(bitmap.advance), left + Int(bitmap.width))
        var columns = [UInt64](repeating: 0, count: max(0, width))
        if let buffer = bitmap.buffer {
            for y in 0..<Int(bitmap.rows) {
                let row = ascent - Int(bitmap.top) + y
                guard row >= 0, row < ascent + descent else { continue }
                for x in 0..<Int(bitmap.width) where buffer[y * Int(bitmap.pitch) + x] >= FreeTypeFace.threshold {
                    columns[left + x] |= 1 << UInt64(row)
                }
            }
        }
        if let last = columns.last, last != 0 { columns.append(0) }
        return Glyph(columns: columns, ascent: ascent, descent: descent)
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func text(_ pointer: UnsafePointer<CChar>) -> String { String(cString: pointer) }
}
