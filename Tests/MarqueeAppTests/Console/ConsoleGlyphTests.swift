import Testing

/// On `TERM=linux` the sign may draw only what Debian's console fonts have.
/// The fonts checked are every `Uni2-*` and `Lat15-*` font of console-setup
/// (all faces and sizes, the default Uni2-Fixed16 among them), and a glyph
/// must be in each of them: a kiosk may have any of them configured.
@Suite("Console glyphs")
struct ConsoleGlyphTests {
    @Test("everything the sign draws on TERM=linux is in every Uni2 and Lat15 console font")
    func consoleDrawsOnlyFontGlyphs() throws {
        let drawn = SignGlyphs.drawn(term: "linux")
        for font in try ConsoleFonts.signFonts() {
            let missing = drawn.subtracting(try ConsoleFonts.characters(of: font))
            #expect(missing.isEmpty, "\(font) lacks \(missing.sorted().map { "\($0) U+\(String($0.value, radix: 16, uppercase: true))" })")
        }
    }

    @Test("both families are there: the default Uni2-Fixed16 and Lat15 fonts")
    func fontsPresent() throws {
        let fonts = try ConsoleFonts.signFonts()
        #expect(fonts.contains(ConsoleFonts.defaultFont))
        #expect(fonts.contains { $0.hasPrefix("Lat15-") }, "Lat15 fonts in \(ConsoleFonts.directory)")
    }

    @Test("the check can fail: what a Unicode terminal gets includes glyphs the default font lacks")
    func unicodeGlyphsAreNotInTheConsoleFont() throws {
        let font = try ConsoleFonts.characters(of: ConsoleFonts.defaultFont)
        let missing = SignGlyphs.drawn(term: "xterm-256color").subtracting(font)
        for glyph: Unicode.Scalar in ["▀", "▄", "▌", "⣿"] {
            #expect(missing.contains(glyph), "\(glyph) is drawn on Unicode terminals and missing from the console font")
        }
    }
}
