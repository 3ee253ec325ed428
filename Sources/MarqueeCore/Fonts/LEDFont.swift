import LEDFontText

/// The built-in LED font: hand-drawn glyphs in the text format of
/// `Resources/led-font.txt` (`LEDFontText` reads it), compiled into the
/// binary already parsed: the build tool `embed-resources` turns the text
/// into bit columns, so a sign starts without parsing it (parsing it was
/// half the instructions of a `--snapshot`).
public struct LEDFont: GlyphSource {
    public let ascent: Int
    public let descent: Int
    private let glyphs: [Unicode.Scalar: Glyph]

    /// The font shipped in `Resources/led-font.txt`, from the tables
    /// `embed-resources` made of it: glyph `i` is `ledFontScalars[i]`, its
    /// columns `ledFontColumns[ledFontColumnStarts[i] ..< ledFontColumnStarts[i + 1]]`.
    public static let builtIn: LEDFont = {
        let scalars = EmbeddedResources.ledFontScalars
        let starts = EmbeddedResources.ledFontColumnStarts
        let columns = EmbeddedResources.ledFontColumns
        var glyphs: [Unicode.Scalar: Glyph] = [:]
        glyphs.reserveCapacity(scalars.count)
        for (index, value) in scalars.enumerated() {
            // The tool wrote these from valid scalars; a bad one is a build defect.
            guard let scalar = Unicode.Scalar(value) else { fatalError("built-in font: bad scalar \(value)") }
            glyphs[scalar] = Glyph(columns: Array(columns[Int(starts[index])..<Int(starts[index + 1])]),
                                   ascent: EmbeddedResources.ledFontAscent, descent: EmbeddedResources.ledFontDescent)
        }
        return LEDFont(ascent: EmbeddedResources.ledFontAscent, descent: EmbeddedResources.ledFontDescent, glyphs: glyphs)
    }()

    private init(ascent: Int, descent: Int, glyphs: [Unicode.Scalar: Glyph]) {
        self.ascent = ascent
        self.descent = descent
        self.glyphs = glyphs
    }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph? { glyphs[scalar] }

    /// Every code point the font covers, in order.
    var coverage: [Unicode.Scalar] { glyphs.keys.sorted() }

    /// A parse failure, with the 1-based line it was found on.
    public typealias ParseError = LEDFontText.ParseError

    /// A font in the text format (what the build tool reads, for tests).
    public init(parsing text: String) throws(ParseError) {
        let parsed = try LEDFontText(parsing: text)
        var glyphs: [Unicode.Scalar: Glyph] = [:]
        for glyph in parsed.glyphs {
            glyphs[glyph.scalar] = Glyph(columns: glyph.columns, ascent: parsed.ascent, descent: parsed.descent)
        }
        self.init(ascent: parsed.ascent, descent: parsed.descent, glyphs: glyphs)
    }
}
