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

    /// Largest font file read or opened, whatever its format
    /// (docs/limits.md). The full Unifont is under 4 MB, Debian's largest
    /// fonts (the Noto CJK collections) a few tens of MB; a bound keeps a
    /// mistaken `--font` of a huge file from eating memory: FreeType maps
    /// the file, but some of its readers (Type 1, compressed PCF) read it
    /// whole.
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
        try resolve(value).face
    }

    /// ``font(named:)`` and, when fontconfig put another font in place of
    /// the family named, the one line that says so
    /// (``FontMatch/Found/substitutionNotice``).
    static func resolve(_ value: String) throws(FontError) -> (face: any FontFace, notice: String?) {
        let isFile = value.contains("/") || access(value, F_OK) == 0
        guard isFile else {
            let match = try FontMatch.file(for: value)
            let face = try FreeTypeFace(path: match.path, index: match.index, lineHeight: FontSizing.referenceLineHeight)
            return (face, match.substitutionNotice)
        }
        if FontLoader.bitmapSuffixes.contains(where: { value.lowercased().hasSuffix($0) }) { return (try loadFont(path: value), nil) }
        do {
            return (try FreeTypeFace(path: value, lineHeight: FontSizing.referenceLineHeight), nil)
        } catch {
            // Not an outline or bitmap font FreeType knows: the text
            // formats' own errors (a line and a reason) say more. A file
            // that is none, a damaged TrueType font, is said as it is.
            if error.kind == .notAFont { return (try loadFont(path: value), nil) }
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
    /// font, then Unifont when installed (read only if a glyph is missing),
    /// then colour emoji (``ColorEmojiFace``, looked for only then too).
    static func stack(path: String?, unifontPath: String = FontLoader.systemUnifontPath) throws(Platform.Failure) -> FontStack {
        try load(path: path, unifontPath: unifontPath).fonts
    }

    /// ``stack(path:unifontPath:)`` and the line to say at the start when
    /// `path` named a family fontconfig does not have.
    static func load(path: String?, unifontPath: String = FontLoader.systemUnifontPath)
        throws(Platform.Failure) -> (fonts: FontStack, notice: String?) {
        var primary: any GlyphSource = LEDFont.builtIn
        var notice: String?
        if let path {
            do {
                (primary, notice) = try resolve(path)
            } catch {
                throw Platform.Failure(message: error.description, status: 1)
            }
        }
        let fallback: (any GlyphSource)? = access(unifontPath, R_OK) == 0
            ? LazyGlyphSource { try? FontLoader.loadFont(path: unifontPath) }
            : nil
        // Colour emoji for what both lack, in the chosen font's line box
        // (the built-in face's too); the font is looked for when a message
        // first needs it.
        let face = primary as? any FontFace
        let colorGlyphs = ColorEmojiFace(strike: .system, ascent: face?.ascent ?? 9, descent: face?.descent ?? 2)
        return (FontStack(primary: primary, primaryIsBuiltIn: path == nil, fallback: fallback, colorGlyphs: colorGlyphs), notice)
    }

    /// The height in LEDs (`--rows-of-leds`) from which a sign with no
    /// `--font` is drawn in ``bigSignFont``: twice the built-in face's
    /// 8-row box, where its letters would fill less than half the sign.
    static let bigSignRows = 16
    /// The default system font of a big sign (docs/display.md, "Which face
    /// at which size"): in `fonts-dejavu-core`, which fontconfig brings.
    static let bigSignFont = "DejaVu Sans:bold"
    /// `--font builtin`: the built-in LED face, on a sign of any size.
    static let builtInName = "builtin"

    /// The font the sign is drawn in, as ``load(path:unifontPath:)`` takes
    /// it: `--font` as given (nil for `builtin`); with none, the built-in
    /// face, except on a classic sign of ``bigSignRows`` LEDs or more,
    /// which gets ``bigSignFont``'s file when fontconfig has that font
    /// itself (never a stand-in: then the built-in face).
    static func chosenFont(_ font: String?, rowsOfLEDs: Int?) -> String? {
        if font == builtInName { return nil }
        if let font { return font }
        guard let rows = rowsOfLEDs, rows >= bigSignRows,
              let found = try? FontMatch.file(for: bigSignFont), !found.isSubstitute, found.index == 0 else { return nil }
        return found.path
    }

    /// The one-time notice for characters no font could draw.
    static func missingGlyphsNotice(fallbackInstalled: Bool) -> String {
        fallbackInstalled
            ? "some characters have no glyph in any font and show as boxes"
            : "some characters need more glyphs: install the 'unifont' package (apt install unifont)"
    }
}
