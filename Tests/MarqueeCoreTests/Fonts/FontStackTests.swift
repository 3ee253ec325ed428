import Testing
@testable import MarqueeCore

@Suite("Font stack")
struct FontStackTests {
    /// A stand-in for Unifont: 16-row glyphs for two CJK characters and 'A'.
    struct WideFont: GlyphSource {
        func glyph(for scalar: Unicode.Scalar) -> Glyph? {
            switch scalar {
            case "日", "本": Glyph(columns: Array(repeating: 0xFFFF, count: 16), ascent: 14, descent: 2)
            case "A": Glyph(columns: Array(repeating: 0x0FF0, count: 8), ascent: 14, descent: 2)
            default: nil
            }
        }
    }

    @Test("messages the LED font covers keep it")
    func ledFontKept() {
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: WideFont())
        let layout = TextLayout(text: "AB", font: fonts.source(for: "AB"))
        #expect(layout.height == 11)
    }

    @Test("with the built-in font, a message needing the fallback is set wholly in it")
    func wholeMessageFallback() {
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: WideFont())
        let layout = TextLayout(text: "A日", font: fonts.source(for: "A日"))
        #expect(layout.height == 16)
        #expect(layout.width == 8 + 16)
        #expect(layout.column(at: 0) == 0x0FF0, "'A' came from the wide font")
        #expect(!layout.usedPlaceholder)
    }

    @Test("a user font keeps its glyphs; only missing ones come from the fallback")
    func userFontPerGlyph() {
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: false, fallback: WideFont())
        let layout = TextLayout(text: "A日", font: fonts.source(for: "A日"))
        #expect(layout.column(at: 0) == LEDFont.builtIn.glyph(for: "A")!.columns[0] << 5, "LED 'A' moved onto the shared baseline")
    }

    @Test("without a fallback, missing glyphs become placeholder boxes")
    func noFallback() {
        let fonts = FontStack(primary: LEDFont.builtIn, primaryIsBuiltIn: true, fallback: nil)
        #expect(TextLayout(text: "日", font: fonts.source(for: "日")).usedPlaceholder)
    }

    @Test("the lazy source loads once, on first use only")
    func lazyLoads() {
        let counter = Counter()
        let lazy = LazyGlyphSource { counter.increment(); return WideFont() }
        #expect(counter.value == 0)
        #expect(lazy.glyph(for: "日") != nil)
        #expect(lazy.glyph(for: "x") == nil)
        #expect(counter.value == 1)
    }
}

final class Counter: @unchecked Sendable {
    // Only touched from one test's thread.
    private(set) var value = 0
    func increment() { value += 1 }
}
