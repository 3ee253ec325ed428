#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MarqueeCore

/// Loads the sign's fonts from the file system: the built-in LED font
/// unless `--font` names one, with Debian's Unifont as the fallback for
/// characters it lacks. The only place fonts touch the file system; parsing
/// is MarqueeCore's ``FontParser``.
enum FontLoader {
    /// Where Debian's `unifont` package installs the font used for glyphs
    /// the current font lacks.
    static let systemUnifontPath = "/usr/share/unifont/unifont.hex"

    /// Largest font file read. The full Unifont is under 4 MB; a bound keeps
    /// a mistaken `--font /dev/zero` or a huge file from eating memory.
    static let maximumFileSize = 64 << 20

    /// Reads and parses the font at `path`; errors name the path as given.
    ///
    /// ```swift
    /// let font = try FontLoader.loadFont(path: "fonts/6x13.bdf")
    /// ```
    static func loadFont(path: String) throws(FontError) -> any FontFace {
        try FontParser.parse(bytes: try readBytes(path: path), name: path)
    }

    /// What `--font` names (docs/display.md, "Fonts"): a BDF or Unifont
    /// `.hex` file, drawn as it is; any other font file FreeType reads
    /// (TrueType, OpenType, OTB, PCF), or an installed font by name as
    /// `fc-match` finds it (`DejaVu Sans:bold`), drawn at the sign's height.
    static func font(named value: String) throws(FontError) -> any FontFace {
        let isFile = value.contains("/") || access(value, F_OK) == 0
        guard isFile else {
            let match = try FontMatch.file(for: value)
            return try FreeTypeFace(path: match.path, index: match.index, lineHeight: FontSizing.referenceLineHeight)
        }
        if FontLoader.bitmapSuffixes.contains(where: { value.lowercased().hasSuffix($0) }) { return try loadFont(path: value) }
        do {
            return try FreeTypeFace(path: value, lineHeight: FontSizing.referenceLineHeight)
        } catch {
            // Not an outline or bitmap font FreeType knows: the text
            // formats' own errors (a line and a reason) say more.
            if error.kind == .notAFont { return try loadFont(path: value) }
            throw error
        }
    }

    /// The text bitmap formats this program reads itself.
    static let bitmapSuffixes = [".bdf", ".hex"]

    /// The whole file, at most ``maximumFileSize`` bytes.
    static func readBytes(path: String) throws(FontError) -> [UInt8] {
        do {
            // A FIFO would hang the start waiting for a writer; a device may never end.
            return try Platform.readAll(path, limit: maximumFileSize, dashIsStandardInput: false, regularFileOnly: true)
        } catch {
            throw FontError(file: path, line: nil, kind: error == .tooLarge ? .tooLarge : .unreadable,
                            detail: "cannot read font: \(error.reason(limit: maximumFileSize))")
        }
    }

    /// The fonts the sign draws with: `path` (`--font`) or the built-in LED
    /// font, then Unifont when installed (read only if a glyph is missing).
    static func stack(path: String?, unifontPath: String = FontLoader.systemUnifontPath) throws(Platform.Failure) -> FontStack {
        var primary: any GlyphSource = LEDFont.builtIn
        if let path {
            do {
                primary = try font(named: path)
            } catch {
                throw Platform.Failure(message: error.description, status: 1)
            }
        }
        let fallback: (any GlyphSource)? = access(unifontPath, R_OK) == 0
            ? LazyGlyphSource { try? FontLoader.loadFont(path: unifontPath) }
            : nil
        return FontStack(primary: primary, primaryIsBuiltIn: path == nil, fallback: fallback)
    }

    /// The one-time notice for characters no font could draw.
    static func missingGlyphsNotice(fallbackInstalled: Bool) -> String {
        fallbackInstalled
            ? "some characters have no glyph in any font and show as boxes"
            : "some characters need more glyphs: install the 'unifont' package (apt install unifont)"
    }
}
