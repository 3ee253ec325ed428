import MarqueeCore

/// Which glyphs the sign uses: the built-in LED font unless `--font` names one.
enum FontChoice {
    static func make(path: String?) throws(Platform.Failure) -> any GlyphSource {
        LEDFont.builtIn
    }
}
