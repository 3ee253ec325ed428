import Glibc
import MarqueeCore

/// Which glyphs the sign uses: the built-in LED font unless `--font` names
/// one, with Debian's Unifont as the fallback for characters it lacks.
enum FontChoice {
    static func make(path: String?, unifontPath: String = FontLoading.systemUnifontPath) throws(Platform.Failure) -> FontSelection {
        var primary: any GlyphSource = LEDFont.builtIn
        if let path {
            do {
                primary = try FontLoading.loadFont(path: path)
            } catch {
                throw Platform.Failure(message: error.description, status: 1)
            }
        }
        let fallback: (any GlyphSource)? = access(unifontPath, R_OK) == 0
            ? LazyGlyphSource { try? FontLoading.loadFont(path: unifontPath) }
            : nil
        return FontSelection(primary: primary, primaryIsBuiltIn: path == nil, fallback: fallback)
    }

    /// The one-time notice for characters no font could draw.
    static func missingGlyphsNotice(fallbackInstalled: Bool) -> String {
        fallbackInstalled
            ? "some characters have no glyph in any font and show as boxes"
            : "some characters need more glyphs: install the 'unifont' package (apt install unifont)"
    }
}
