/// A font that draws at any height (an outline font through FreeType): the
/// layout asks it for the sign's own height, one pixel an LED, instead of
/// drawing each pixel of a small bitmap as a block of LEDs
/// (docs/display.md, "Fonts").
public protocol ResizableFace: FontFace {
    /// The line box this face was drawn for, in pixels.
    var lineHeight: Int { get }
    /// The same face drawn `lineHeight` pixels tall; nil when it cannot be.
    func resized(lineHeight: Int) -> (any ResizableFace)?
}

extension FontStack {
    /// The primary font when it draws at any height.
    public var resizable: (any ResizableFace)? { primary as? any ResizableFace }

    /// The stack with its primary drawn `lineHeight` pixels tall (the
    /// fallback is a bitmap font and stays as it is; the colour glyphs are
    /// drawn into the new line box); nil when the primary is a bitmap font
    /// or cannot be drawn at that height.
    public func resized(lineHeight: Int) -> FontStack? {
        guard let face = resizable?.resized(lineHeight: lineHeight) else { return nil }
        return FontStack(primary: face, primaryIsBuiltIn: false, fallback: fallback,
                         colorGlyphs: colorGlyphs?.sized(ascent: face.ascent, descent: face.descent))
    }
}
