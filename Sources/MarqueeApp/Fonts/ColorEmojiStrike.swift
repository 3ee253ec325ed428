import CLazyLibraries
import MarqueeCore
import Synchronization

/// A colour font's bitmaps at its own strike (Noto Color Emoji's CBDT
/// bitmaps, 136 pixels tall), read through FreeType with `FT_LOAD_COLOR`
/// (docs/display.md, "Colour emoji"). Opened the first time a glyph is
/// asked of it, so a sign whose messages need no emoji loads neither
/// fontconfig nor FreeType for it; shared by every size the glyphs are
/// drawn at (``ColorEmojiFace``).
final class ColorEmojiStrike: Sendable {
    /// One glyph's pixels as FreeType gives them: premultiplied BGRA,
    /// `width` * 4 bytes a row, placed as ``lm_glyph`` says.
    struct Bitmap: Sendable {
        var width: Int
        var rows: Int
        var left: Int
        var top: Int
        var advance: Int
        var bgra: [UInt8]
    }

    /// Where the font is: found when first needed.
    private let locate: @Sendable () -> (path: String, index: Int)?
    private let state = Mutex<State>(.closed)

    private enum State {
        case closed
        case open(face: OpaquePointer, ascent: Int, descent: Int)
        case unavailable
    }

    /// The strike of the font `locate` finds (nil: none installed).
    init(locate: @escaping @Sendable () -> (path: String, index: Int)?) {
        self.locate = locate
    }

    /// Debian's colour emoji font (`fonts-noto-color-emoji`), found by
    /// fontconfig; none when fontconfig finds only a stand-in for it.
    static let system = ColorEmojiStrike {
        guard let found = try? FontMatch.file(for: "Noto Color Emoji"), !found.isSubstitute else { return nil }
        return (found.path, found.index)
    }

    deinit {
        state.withLock { state in
            if case let .open(face, _, _) = state { lm_face_close(face) }
        }
    }

    /// The strike's line box (rows above and below the baseline) and the
    /// glyph's colour bitmap; nil when the font is not there or has no
    /// colour glyph for `codepoint`.
    func bitmap(for codepoint: UInt32) -> (ascent: Int, descent: Int, bitmap: Bitmap)? {
        state.withLock { state in
            if case .closed = state { state = ColorEmojiStrike.open(locate()) }
            guard case let .open(face, ascent, descent) = state else { return nil }
            var glyph = lm_glyph()
            guard lm_face_glyph_rendered(face, codepoint, Int32(LM_RENDER_COLOR), &glyph) == 1, let buffer = glyph.buffer else {
                return nil
            }
            let count = Int(glyph.rows) * Int(glyph.pitch)
            let bitmap = Bitmap(width: Int(glyph.width), rows: Int(glyph.rows), left: Int(glyph.left), top: Int(glyph.top),
                                advance: Int(glyph.advance), bgra: Array(UnsafeBufferPointer(start: buffer, count: count)))
            return (ascent, descent, bitmap)
        }
    }

    /// Opens the font at its largest strike (a bitmap font's strike is the
    /// largest not above the height asked: 1,024 asks for the largest).
    private static func open(_ location: (path: String, index: Int)?) -> State {
        guard let location else { return .unavailable }
        var message = [CChar](repeating: 0, count: 320)
        guard lm_load_freetype(&message, message.count) == 0 else { return .unavailable }
        var failure = lm_face_failure()
        guard let face = lm_face_open(location.path, location.index, Int32(LM_GLYPH_MAX_PIXELS), FontLoader.maximumFileSize,
                                      &failure) else { return .unavailable }
        var ascent: Int32 = 0, descent: Int32 = 0
        lm_face_metrics(face, &ascent, &descent)
        guard ascent > 0, descent >= 0 else {
            lm_face_close(face)
            return .unavailable
        }
        return .open(face: face, ascent: Int(ascent), descent: Int(descent))
    }
}
