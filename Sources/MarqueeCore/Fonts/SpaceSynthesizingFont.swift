/// Wraps a font so a space always renders, even when the font file has no
/// U+0020 glyph: without this, a fallback chain would fetch the space from
/// another font with a different line box, or draw a placeholder box between
/// words.
///
/// ```swift
/// let font = SpaceSynthesizingFont(try BDFFont(bytes: bytes, name: "icons.bdf"))
/// font.glyph(for: " ")?.advance // font.spaceAdvance, all unlit
/// ```
public struct SpaceSynthesizingFont: FontFace {
    /// The font whose glyphs are served; consulted first for every scalar.
    public let base: any FontFace
    private let space: Glyph

    public init(_ base: any FontFace) {
        self.base = base
        self.space = Glyph.blank(advance: base.spaceAdvance, ascent: base.ascent, descent: base.descent)
    }

    public var name: String { base.name }
    public var ascent: Int { base.ascent }
    public var descent: Int { base.descent }
    public var spaceAdvance: Int { base.spaceAdvance }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        if let glyph = base.glyph(for: scalar) { return glyph }
        // U+00A0 NO-BREAK SPACE is a space to the reader too; fonts that
        // lack U+0020 nearly always lack it as well.
        return scalar == " " || scalar == "\u{A0}" ? space : nil
    }

    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int {
        base.kerning(left, right)
    }

    public var hasKerning: Bool { base.hasKerning }
}

extension Glyph {
    /// An all-unlit glyph: a space of the given advance in the given line box.
    ///
    /// ```swift
    /// Glyph.blank(advance: 3, ascent: 7, descent: 2).columns // [0, 0, 0]
    /// ```
    public static func blank(advance: Int, ascent: Int, descent: Int) -> Glyph {
        Glyph(columns: [UInt64](repeating: 0, count: max(0, advance)), ascent: ascent, descent: descent)
    }
}
